/** One event in a list: title, when (live badge or 'starts in'), where, who may see it, and the creator's actions. */
import type { Event } from '@playspot/core';
import { CalendarPlus, Lock, MapPin, Pencil, Trash2, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EventWhen } from './event-when.tsx';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';

interface EventCardProps {
  readonly event: Event & { readonly distanceKm?: number };
  readonly now: Date;
  /** Show the place's name and link (lists that span places). */
  readonly showPlace: boolean;
  readonly onEdit: (event: Event) => void;
  readonly onDelete: (event: Event) => void;
}

const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-base font-bold text-park-800 hover:bg-park-50 focus-visible:outline-3 focus-visible:outline-sky-600';

export function EventCard({ event, now, showPlace, onEdit, onDelete }: EventCardProps) {
  const { t, i18n } = useTranslation('events');
  const headingId = `event-${event.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5"
    >
      <h3 id={headingId} className="font-display text-xl leading-snug font-semibold text-ink">
        <bdi>{event.title}</bdi>
      </h3>
      <div className="mt-2">
        <EventWhen event={event} now={now} />
      </div>
      {showPlace && (
        <p className="mt-2 text-base text-gray-700">
          <MapPin aria-hidden="true" className="me-1.5 inline h-4 w-4 align-[-2px] text-sun-700" />
          <Link
            to={paths.place.build(event.locationId)}
            className="font-bold text-park-800 underline underline-offset-2 hover:text-park-700"
          >
            {event.locationName}
          </Link>
          {event.distanceKm !== undefined && (
            <span className="whitespace-nowrap">
              {t('card.away', { distance: localDistance(event.distanceKm, i18n.language) })}
            </span>
          )}
        </p>
      )}
      {event.description && (
        <p dir="auto" className="mt-2 text-base leading-relaxed text-gray-800">
          {event.description}
        </p>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
        {!event.isPublic && (
          <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 font-bold text-violet-900">
            <Lock aria-hidden="true" className="h-3.5 w-3.5" />
            {t('card.private')}
          </span>
        )}
        {event.createdByUserName && (
          <span className="inline-flex items-center gap-1">
            <UserRound aria-hidden="true" className="h-4 w-4" />
            {t('card.by', { name: event.createdByUserName })}
          </span>
        )}
      </p>
      <div className="mt-2 -ms-3 flex flex-wrap gap-1">
        <a
          href={apiUrl(`/api/events/${encodeURIComponent(event.id)}/calendar.ics`)}
          download
          aria-label={t('card.addToCalendarNamed', { title: event.title })}
          className={actionClass}
        >
          <CalendarPlus aria-hidden="true" className="h-4 w-4" />
          {t('card.addToCalendar')}
        </a>
      </div>
      {event.canEdit && (
        <div className="mt-2 -ms-3 flex flex-wrap gap-1">
          <button
            aria-label={t('card.editNamed', { title: event.title })}
            type="button"
            className={actionClass}
            onClick={() => {
              onEdit(event);
            }}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('card.edit')}
          </button>
          <button
            aria-label={t('card.deleteNamed', { title: event.title })}
            type="button"
            className={`${actionClass} text-red-800 hover:bg-red-50`}
            onClick={() => {
              onDelete(event);
            }}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('card.delete')}
          </button>
        </div>
      )}
    </article>
  );
}
