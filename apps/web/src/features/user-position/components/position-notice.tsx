/**
 * Says what distances are measured from when it is not a current reading: 'Using where you
 * were 3 hours ago.' or 'Using the spot you set by hand.', with a way to update it.
 */
import { describePositionKind, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, positionKind } from '@playspot/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { History, LocateFixed, MapPinned } from 'lucide-react';
import type { UserPosition } from '../user-position.ts';

/** core's describePositionKind in another language: the same kinds and ages, worded with Intl. */
function positionSentence(
  position: UserPosition,
  now: Date,
  t: TFunction<'user-position'>,
  language: string,
): string | null {
  const kind = positionKind(position, now);
  if (kind === 'current') return null;
  if (kind === 'manual') return t('notice.manual');
  const ageMs = Math.max(0, now.getTime() - Date.parse(position.readAt));
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const age =
    !Number.isFinite(ageMs) || ageMs < 2 * MS_PER_MINUTE
      ? t('notice.justNow')
      : ageMs < MS_PER_HOUR
        ? relative.format(-Math.floor(ageMs / MS_PER_MINUTE), 'minute')
        : ageMs < MS_PER_DAY
          ? relative.format(-Math.floor(ageMs / MS_PER_HOUR), 'hour')
          : relative.format(-Math.floor(ageMs / MS_PER_DAY), 'day');
  return t('notice.old', { age });
}

interface PositionNoticeProps {
  readonly position: UserPosition | null;
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  /** The time to judge the position's age by (defaults to now). */
  readonly now?: Date;
  readonly className?: string;
}

export function PositionNotice({
  position,
  locating,
  onLocateMe,
  now = new Date(),
  className = '',
}: PositionNoticeProps) {
  const { t, i18n } = useTranslation('user-position');
  if (position === null) return null;
  const text =
    i18n.language === 'en'
      ? describePositionKind(position, now)
      : positionSentence(position, now, t, i18n.language);
  if (text === null) return null;
  const Icon = position.source === 'manual' ? MapPinned : History;
  return (
    <p
      data-testid="position-notice"
      className={`flex items-center gap-2 rounded-2xl bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-100 ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{text}</span>
      <button
        type="button"
        onClick={onLocateMe}
        disabled={locating}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 font-bold text-sky-900 hover:bg-sky-100 focus-visible:outline-3 focus-visible:outline-sky-600 disabled:cursor-wait disabled:opacity-70"
      >
        <LocateFixed aria-hidden="true" className="h-4 w-4" />
        {locating ? t('notice.locating') : t('notice.update')}
      </button>
    </p>
  );
}
