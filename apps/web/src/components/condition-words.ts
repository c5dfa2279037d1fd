/**
 * A live condition in words (issue 19): its name ("Wet or muddy", "Broken: swing") and its
 * age and backing ("40 min ago · 3 parents"), in the person's language. A condition past its
 * end is not shown even when a cached list still holds it.
 */
import type { ConditionKind, Equipment } from '@playspot/core';
import { REPORTED_AT_STEP_MS } from '@playspot/core';
import type { TFunction } from 'i18next';

export interface ConditionLike {
  readonly kind: ConditionKind;
  readonly equipment: Equipment | null;
  readonly lastConfirmedAt: string;
  readonly expiresAt: string;
  readonly parents: number;
}

export function isShown(condition: { readonly expiresAt: string }, now: Date): boolean {
  return Date.parse(condition.expiresAt) > now.getTime();
}

export function conditionName(
  t: TFunction<'conditions'>,
  condition: Pick<ConditionLike, 'kind' | 'equipment'>,
) {
  if (condition.kind === 'broken' && condition.equipment !== null) {
    return t('brokenWhat', { what: t(`equipment.${condition.equipment}`) });
  }
  return t(`kinds.${condition.kind}`);
}

/**
 * "just now", "40 min ago", "3 h ago", "2 days ago": since the last parent said it. The time
 * is public to 5 minutes only (issue 44), so anything within that step is "just now".
 */
export function conditionAge(t: TFunction<'conditions'>, lastConfirmedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(lastConfirmedAt)) / 60_000));
  if (minutes < REPORTED_AT_STEP_MS / 60_000) return t('age.justNow');
  if (minutes < 60) return t('age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('age.hours', { count: hours });
  return t('age.days', { count: Math.floor(hours / 24) });
}
