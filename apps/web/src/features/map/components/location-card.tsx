/**
 * The card of the place picked on the map or in the list: photo, name, distance, badges,
 * tags, votes, and the way to its own page.
 */
import type { Event, Location } from '@playspot/core';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeDistance, type DistanceOrigin } from '../utils/format-distance.ts';
import { firstPhoto, topTags } from '../utils/location-photo.ts';
import { PlaceBadges } from './place-badges.tsx';
import { PlaceThumbnail } from './place-thumbnail.tsx';
import { TodaysEvents } from './todays-events.tsx';
import { VoteCount } from './vote-count.tsx';

interface LocationCardProps {
  readonly location: Location;
  readonly distanceKm: number | null;
  readonly distanceOrigin: DistanceOrigin;
  readonly onClose: () => void;
  /** Today's events at the place (from the one request for every place on screen). */
  readonly todayEvents?: readonly Event[];
}

export function LocationCard({
  location,
  distanceKm,
  distanceOrigin,
  onClose,
  todayEvents = [],
}: LocationCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the new card so keyboard and screen-reader users land on what they picked.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [location.id]);
  const tags = topTags(location, 4);

  return (
    <article aria-labelledby="location-card-title" className="p-4">
      <button
        type="button"
        onClick={onClose}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-base font-bold text-park-800 hover:bg-park-50 focus-visible:outline-3 focus-visible:outline-sky-600"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        All play spots
      </button>
      <div className="mt-2 flex gap-4">
        <PlaceThumbnail
          name={location.name}
          indoor={location.indoor}
          photo={firstPhoto(location)}
          className="h-24 w-24"
        />
        <div className="min-w-0 flex-1">
          <h2
            id="location-card-title"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl leading-tight font-semibold text-ink focus:outline-none"
          >
            {location.name}
          </h2>
          <p className="mt-1 flex items-center gap-3 text-base text-gray-700">
            {distanceKm !== null && (
              <span className="font-bold">{describeDistance(distanceKm, distanceOrigin)}</span>
            )}
            <VoteCount up={location.votes.up} />
          </p>
        </div>
      </div>
      <TodaysEvents events={todayEvents} />
      <div className="mt-3">
        <PlaceBadges indoor={location.indoor} free={location.free} ageRanges={location.ageRanges} />
      </div>
      {location.description && (
        <p className="mt-3 line-clamp-3 text-base text-gray-700">{location.description}</p>
      )}
      {tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full border border-gray-300 px-2.5 py-0.5 text-sm text-gray-700">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.location.build(location.id)} className={buttonClassName('primary', 'mt-5 w-full')}>
        See details
        <ChevronRight aria-hidden="true" className="h-5 w-5" />
      </Link>
    </article>
  );
}

export function LocationCardSkeleton({ onClose }: { readonly onClose: () => void }) {
  return (
    <div className="p-4">
      <button
        type="button"
        onClick={onClose}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-base font-bold text-park-800 hover:bg-park-50"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        All play spots
      </button>
      <div role="status" aria-label="Loading the place" className="mt-2 flex gap-4 motion-safe:animate-pulse">
        <div className="h-24 w-24 rounded-2xl bg-sun-100" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-6 w-3/4 rounded-full bg-gray-200" />
          <div className="h-4 w-1/3 rounded-full bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
