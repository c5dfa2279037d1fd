/** What a person has shared: the places they added, their comments and (own profile) visits. */
import type { AddedPlace, OwnComment, ProfileComment, ProfileVisit } from '@playspot/core';
import { EyeOff, Footprints, MapPin, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n/i18n.ts';

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}

function Section(props: {
  readonly title: string;
  readonly count: number;
  readonly icon: ReactNode;
  readonly empty: string;
  readonly children: ReactNode;
}) {
  const headingId = `profile-${props.title.toLowerCase().replace(/\W+/gu, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <h2 id={headingId} className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
        {props.icon}
        {props.title}
        <span className="ms-auto rounded-full bg-gray-100 px-2.5 py-0.5 font-sans text-sm font-bold text-gray-800">
          {props.count}
        </span>
      </h2>
      {props.count === 0 ? (
        <p className="mt-3 text-base text-gray-700">{props.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">{props.children}</ul>
      )}
    </section>
  );
}

const linkClass =
  'font-bold text-park-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-sky-600 rounded';

interface ContributionListsProps {
  readonly placeHref: (locationId: string) => string;
  readonly addedLocations: readonly AddedPlace[];
  /** Own comments carry `hidden` (hidden from others after reports or by a moderator). */
  readonly comments: readonly (ProfileComment | OwnComment)[];
  /** Absent on someone else's profile: visits are private. */
  readonly visits?: readonly ProfileVisit[];
  readonly counts: { readonly locations: number; readonly comments: number; readonly visits?: number };
  /** Words for empty lists: 'You have' or 'Maya has'. */
  readonly who: { readonly subject: string; readonly own: boolean };
}

export function ContributionLists(props: ContributionListsProps) {
  const { t } = useTranslation('profile');
  const { placeHref, who } = props;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Section
        title={t('lists.places')}
        count={props.counts.locations}
        icon={<MapPin aria-hidden="true" className="h-5 w-5 text-sun-700" />}
        empty={who.own ? t('lists.placesNoneOwn') : t('lists.placesNone', { name: who.subject })}
      >
        {props.addedLocations.map((place) => (
          <li key={place.id} className="flex items-baseline justify-between gap-3 py-2.5">
            <Link to={placeHref(place.id)} className={linkClass}>
              {place.name}
            </Link>
            <span className="shrink-0 text-sm text-gray-700">{formatDate(place.createdAt)}</span>
          </li>
        ))}
      </Section>
      <Section
        title={t('lists.comments')}
        count={props.counts.comments}
        icon={<MessageCircle aria-hidden="true" className="h-5 w-5 text-sun-700" />}
        empty={who.own ? t('lists.commentsNoneOwn') : t('lists.commentsNone', { name: who.subject })}
      >
        {props.comments.map((comment) => (
          <li key={comment.id} className="py-2.5">
            <p dir="auto" className="text-base text-gray-900">
              “{comment.text}”
            </p>
            {'hidden' in comment && comment.hidden && (
              <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-gray-800">
                <EyeOff aria-hidden="true" className="h-4 w-4" />
                {t('lists.hidden')}
              </p>
            )}
            <p className="mt-1 text-sm text-gray-700">
              {t('lists.on')}{' '}
              <Link to={placeHref(comment.location.id)} className={linkClass}>
                {comment.location.name}
              </Link>{' '}
              · {formatDate(comment.createdAt)}
            </p>
          </li>
        ))}
      </Section>
      {props.visits && (
        <Section
          title={t('lists.visits')}
          count={props.counts.visits ?? props.visits.length}
          icon={<Footprints aria-hidden="true" className="h-5 w-5 text-sun-700" />}
          empty={t('lists.visitsNone')}
        >
          {props.visits.map((visit) => (
            <li
              key={`${visit.location.id}-${visit.visitedAt}`}
              className="flex items-baseline justify-between gap-3 py-2.5"
            >
              <Link to={placeHref(visit.location.id)} className={linkClass}>
                {visit.location.name}
              </Link>
              <span className="shrink-0 text-sm text-gray-700">{formatDate(visit.visitedAt)}</span>
            </li>
          ))}
        </Section>
      )}
    </div>
  );
}
