/** When an event is: the live badge, or 'Starts in …', beside its schedule in the place's time. */
import type { Event } from '@playspot/core';
import { CalendarClock } from 'lucide-react';
import { useHydrated } from '../../../lib/use-hydrated.tsx';
import { deviceTimeZone } from '../../../platform/device.ts';
import {
  describeSchedule,
  describeStartsIn,
  eventTiming,
  timeZoneHint,
  type EventSchedule,
} from '../utils/event-timing.ts';
import { HappeningNowBadge } from './happening-now-badge.tsx';

export function EventWhen({
  event,
  now,
}: {
  readonly event: EventSchedule & Pick<Event, 'endTime'>;
  readonly now: Date;
}) {
  const timing = eventTiming(event, now);
  // The server does not know the reader's time zone: its HTML names none, and the browser adds
  // the hint once it has hydrated that HTML (issue 42).
  const hydrated = useHydrated();
  const readerTimeZone = hydrated ? deviceTimeZone() : event.timeZone;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      {timing.happeningNow ? (
        <HappeningNowBadge />
      ) : (
        <span className="inline-flex items-center rounded-full bg-sun-100 px-2.5 py-1 text-sm font-bold text-sun-900">
          {describeStartsIn(timing.startsInMinutes)}
        </span>
      )}
      <span className="inline-flex items-center gap-1.5 text-base text-gray-700">
        <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0 text-park-700" />
        {describeSchedule(event)}
        {timeZoneHint(event.timeZone, readerTimeZone)}
      </span>
    </div>
  );
}
