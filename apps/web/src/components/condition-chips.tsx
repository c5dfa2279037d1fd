/**
 * Live conditions in brief (issue 19) on list rows and the map card: "Wet · 40 min ago ·
 * 3 parents", at most two, the newest first. Nothing when none is reported.
 */
import type { ConditionBrief } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { CONDITION_ICONS, CONDITION_TONES } from './condition-icons.ts';
import { conditionAge, conditionName, isShown } from './condition-words.ts';
import { useNow } from './use-now.ts';

/** Two fit a 390 px phone's list row on one line each. */
const MAX_CHIPS = 2;

export function ConditionChips({
  conditions,
  className = '',
}: {
  readonly conditions: readonly ConditionBrief[] | undefined;
  readonly className?: string;
}) {
  // Not suspending: the list draws at once, the chips join when their words have loaded.
  const { t, ready } = useTranslation('conditions', { useSuspense: false });
  const now = useNow();
  const shown = (conditions ?? []).filter((condition) => isShown(condition, now)).slice(0, MAX_CHIPS);
  if (shown.length === 0 || !ready) return null;
  return (
    <ul aria-label={t('liveReports')} className={`flex flex-wrap gap-1.5 ${className}`}>
      {shown.map((condition) => {
        const Icon = CONDITION_ICONS[condition.kind];
        return (
          <li
            key={`${condition.kind}-${condition.equipment ?? ''}`}
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${CONDITION_TONES[condition.kind]}`}
          >
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>
              {conditionName(t, condition)} · {conditionAge(t, condition.lastConfirmedAt, now)} ·{' '}
              {t('parents', { count: condition.parents })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
