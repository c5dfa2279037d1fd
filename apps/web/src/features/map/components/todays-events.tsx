/**
 * Today's events on a place's card: the live ones marked 'Happening now', the others with
 * their start time and how soon. Times are worked out in the place's own zone (core rules).
 */
import { isEventHappeningNow, minutesUntilNextOccurrence, type Event } from '@playspot/core';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localTime } from '../../../lib/i18n/format.ts';

const SHOWN = 3;

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

export function TodaysEvents({ events }: { readonly events: readonly Event[] }) {
  const { t, i18n } = useTranslation('map');
  const now = useMinuteClock();
  if (events.length === 0) return null;
  const timed = events
    .map((event) => ({
      event,
      live: isEventHappeningNow(event, now, event.timeZone),
      minutes: minutesUntilNextOccurrence(event, now, event.timeZone),
    }))
    .sort((a, b) => Number(b.live) - Number(a.live) || a.event.time.localeCompare(b.event.time));
  const shown = timed.slice(0, SHOWN);

  return (
    <section
      aria-labelledby="card-events-title"
      className="mt-3 rounded-2xl bg-sun-50 p-3 ring-1 ring-sun-100"
    >
      <h3
        id="card-events-title"
        className="flex items-center gap-1.5 text-sm font-bold tracking-wide text-sun-900 uppercase"
      >
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        {t('today.title')}
      </h3>
      <ul className="mt-2 space-y-2">
        {shown.map(({ event, live, minutes }) => (
          <li key={event.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base">
            {live ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-park-800 px-2.5 py-0.5 text-sm font-bold text-white">
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-park-200" />
                {t('today.now')}
              </span>
            ) : (
              <span className="text-sm font-bold text-gray-700">{localTime(event.time, i18n.language)}</span>
            )}
            <bdi className="font-bold text-ink">{event.title}</bdi>
            {!live && minutes < 60 && (
              <span className="text-sm text-sun-900">{t('today.startsIn', { minutes })}</span>
            )}
          </li>
        ))}
      </ul>
      {timed.length > SHOWN && (
        <p className="mt-2 text-sm text-gray-700">{t('today.more', { count: timed.length - SHOWN })}</p>
      )}
    </section>
  );
}
