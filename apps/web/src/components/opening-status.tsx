/**
 * "Open · closes 7:00 pm", "Closed · opens 9:00 am" (on the language's clock, issue 46) or "Hours unknown" (issue 33): a place's
 * opening hours read in its own zone at the device's now (core openingStatusAt, refreshed
 * every minute). The hours package is large (its holiday tables), so it loads in its own
 * chunk the first time a place with hours is shown; until then nothing is drawn. A place
 * without hours is "unknown" at once, with no download.
 */
import type { OpeningStatus } from '@playspot/core/opening-hours';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNow } from './use-now.ts';
import { useOpeningHours } from './use-opening-hours.ts';
import { localTime } from '../lib/i18n/format.ts';

interface OpeningStatusProps {
  /** The place's hours and zone; absent when nobody has given them. */
  readonly openingHours: { readonly value: string; readonly timeZone: string } | undefined;
  /** A list row: only open or closed, nothing when unknown. */
  readonly compact?: boolean;
  readonly className?: string;
}

/** A weekday's short name (Monday 0) in the language: 1 Jan 2024 was a Monday. */
function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + weekday)),
  );
}

export function OpeningStatusLine({ openingHours, compact = false, className = '' }: OpeningStatusProps) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  // Without hours the status is "unknown", which needs no rule: the package is not loaded.
  const hours = useOpeningHours(openingHours !== undefined);
  if (openingHours && !hours) return null;
  const status: OpeningStatus =
    openingHours && hours
      ? hours.statusOf(openingHours.value, openingHours.timeZone, now)
      : { state: 'unknown', change: null };
  if (status.state === 'unknown' && compact) return null;
  const change = status.change;
  const when =
    change === null
      ? null
      : change.daysAhead === 0
        ? t('openingStatus.todayAt', { time: localTime(change.time, i18n.language) })
        : change.daysAhead === 1
          ? t('openingStatus.tomorrowAt', { time: localTime(change.time, i18n.language) })
          : t('openingStatus.dayAt', {
              day: weekdayName(change.weekday, i18n.language),
              time: localTime(change.time, i18n.language),
            });
  const text =
    status.state === 'unknown'
      ? t('openingStatus.unknown')
      : status.state === 'open'
        ? when === null
          ? t('openingStatus.open')
          : t('openingStatus.openCloses', { when })
        : when === null
          ? t('openingStatus.closed')
          : t('openingStatus.closedOpens', { when });
  const colour =
    status.state === 'open' ? 'text-park-800' : status.state === 'closed' ? 'text-red-800' : 'text-gray-700';
  return (
    <p
      className={`flex items-center gap-1.5 ${compact ? 'text-sm' : 'text-base'} font-semibold ${colour} ${className}`}
      data-testid="opening-status"
      data-state={status.state}
    >
      <Clock aria-hidden="true" className={compact ? 'h-4 w-4 shrink-0' : 'h-5 w-5 shrink-0'} />
      {text}
    </p>
  );
}
