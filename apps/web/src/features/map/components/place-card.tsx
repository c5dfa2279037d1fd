/**
 * The card of the place picked on the map or in the list: photo, name, distance, badges,
 * tags, votes, and the way to its own page.
 */
import type { Place, PlaceSummary } from '@playspot/core';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useEventsToday } from '../api/get-events-today.ts';
import { describeDistance, type DistanceOrigin } from '../utils/format-distance.ts';
import { summaryPhoto, topTags } from '../utils/place-photo.ts';
import { FactChips } from '../../../components/fact-chips.tsx';
import { OpeningStatusLine } from '../../../components/opening-status.tsx';
import { PlaceBadges } from '../../../components/place-badges.tsx';
import { PlaceThumbnail } from './place-thumbnail.tsx';
import { TodaysEvents } from './todays-events.tsx';
import { VoteCount } from './vote-count.tsx';
import { tagLabel } from '../../../components/tag-label.ts';
import { PlaceName } from '../../../components/place-name.tsx';

interface PlaceCardProps {
  /** What the list knew: the card shows at once. */
  readonly place: PlaceSummary;
  /** The full place once loaded (its description and tags); the place page reads the same. */
  readonly details?: Place | undefined;
  readonly distanceKm: number | null;
  readonly distanceOrigin: DistanceOrigin;
  readonly onClose: () => void;
  /** 'Save to My places' as a heart (from the app layer: favourites is another feature). */
  readonly saveButton?: ReactNode;
  /** Live conditions and the report sheet (from the app layer: conditions is another feature). */
  readonly conditions?: ReactNode;
}

export function PlaceCard({
  place,
  details,
  distanceKm,
  distanceOrigin,
  onClose,
  saveButton,
  conditions,
}: PlaceCardProps) {
  // Today's events here, asked for when the card opens (the summary already told the list
  // whether there is a public one); invitees see their private ones too.
  const { t, i18n } = useTranslation('map');
  const todayEvents = useEventsToday([place.id]).data?.[place.id] ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the new card so keyboard and screen-reader users land on what they picked.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [place.id]);
  const tags = details ? topTags(details, 4) : [];

  return (
    <article aria-labelledby="place-card-title" className="p-4">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={onClose}
          className="-ms-2 inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-base font-bold text-park-800 hover:bg-park-50 focus-visible:outline-3 focus-visible:outline-sky-600"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
          {t('card.back')}
        </button>
        {saveButton}
      </div>
      <div className="mt-2 flex gap-4">
        <PlaceThumbnail
          name={place.name}
          indoor={place.indoor}
          photo={summaryPhoto(place)}
          className="h-24 w-24"
        />
        <div className="min-w-0 flex-1">
          <h2
            id="place-card-title"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl leading-tight font-semibold text-ink focus:outline-none"
          >
            <PlaceName place={place} localOnOwnLine />
          </h2>
          <p className="mt-1 flex items-center gap-3 text-base text-gray-700">
            {distanceKm !== null && (
              <span className="font-bold">{describeDistance(distanceKm, distanceOrigin, i18n.language)}</span>
            )}
            <VoteCount up={details?.votes.up ?? place.upVotes} />
          </p>
        </div>
      </div>
      <TodaysEvents events={todayEvents} />
      <div className="mt-3">
        <PlaceBadges indoor={place.indoor} free={place.free} ageRanges={place.ageRanges} />
      </div>
      <OpeningStatusLine openingHours={place.openingHours} className="mt-3" />
      <FactChips facts={place.facts} className="mt-3" />
      {conditions && <div className="mt-4">{conditions}</div>}
      {details?.description && (
        <p className="mt-3 line-clamp-3 text-base text-gray-700">{details.description}</p>
      )}
      {tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('card.tags')}>
          {tags.map((tag) => (
            <li key={tag} className="rounded-full border border-gray-300 px-2.5 py-0.5 text-sm text-gray-700">
              #{tagLabel(tag)}
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.place.build(place.id)} className={buttonClassName('primary', 'mt-5 w-full')}>
        {t('card.seeDetails')}
        <ChevronRight aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
      </Link>
    </article>
  );
}
