/** Small labelled chips: indoor/outdoor (with the marker's glyph), free or paid, ages, an event today. */
import { isAgeRange } from '@playspot/core';
import { BadgeCheck, CalendarHeart, House, Ticket, TreePine } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface PlaceBadgesProps {
  readonly indoor: boolean | null;
  readonly free: boolean | null;
  readonly ageRanges?: readonly string[];
  /** A public event happens there today. */
  readonly eventToday?: boolean;
}

const chip = 'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-bold';

export function PlaceBadges({ indoor, free, ageRanges = [], eventToday = false }: PlaceBadgesProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('badges.label')}>
      {indoor !== null && (
        <li className={`${chip} ${indoor ? 'bg-violet-100 text-violet-800' : 'bg-park-100 text-park-800'}`}>
          {indoor ? (
            <House aria-hidden="true" className="h-4 w-4" />
          ) : (
            <TreePine aria-hidden="true" className="h-4 w-4" />
          )}
          {indoor ? t('badges.indoor') : t('badges.outdoor')}
        </li>
      )}
      {free === true && (
        <li className={`${chip} bg-sun-100 text-sun-900`}>
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          {t('badges.free')}
        </li>
      )}
      {free === false && (
        <li className={`${chip} bg-gray-100 text-gray-800`}>
          <Ticket aria-hidden="true" className="h-4 w-4" />
          {t('badges.paid')}
        </li>
      )}
      {eventToday && (
        <li className={`${chip} bg-rose-50 text-rose-800`}>
          <CalendarHeart aria-hidden="true" className="h-4 w-4" />
          {t('badges.eventToday')}
        </li>
      )}
      {ageRanges.filter(isAgeRange).map((range) => (
        <li key={range} className={`${chip} bg-sky-50 text-sky-900`}>
          {t(`ageRanges.${range}`)}
        </li>
      ))}
    </ul>
  );
}
