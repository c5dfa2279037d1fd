import type { LocationSummary } from '@playspot/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeDistance, type DistanceOrigin } from '../utils/format-distance.ts';
import { summaryPhoto } from '../utils/location-photo.ts';
import { ConditionChips } from '../../../components/condition-chips.tsx';
import { FactChips } from '../../../components/fact-chips.tsx';
import { OpeningStatusLine } from '../../../components/opening-status.tsx';
import { PlaceBadges } from '../../../components/place-badges.tsx';
import { PlaceThumbnail } from './place-thumbnail.tsx';
import { VoteCount } from './vote-count.tsx';
import { PlaceName } from '../../../components/place-name.tsx';

interface NearbyListItemProps {
  readonly location: LocationSummary;
  readonly distanceKm: number | null;
  readonly distanceOrigin: DistanceOrigin;
  readonly onSelect: (id: string) => void;
}

/** Memoised: the list draws its rows in slices, and a new slice leaves the drawn ones alone. */
export const NearbyListItem = memo(function NearbyListItem({
  location,
  distanceKm,
  distanceOrigin,
  onSelect,
}: NearbyListItemProps) {
  const { i18n } = useTranslation('map');
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          onSelect(location.id);
        }}
        className="flex w-full items-center gap-3 rounded-2xl p-2 text-start transition-colors duration-150 hover:bg-sun-50 focus-visible:outline-3 focus-visible:outline-sky-600 active:bg-sun-100"
      >
        <PlaceThumbnail name={location.name} indoor={location.indoor} photo={summaryPhoto(location)} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-display text-lg leading-snug font-medium text-ink">
            <PlaceName place={location} />
          </span>
          <span className="mt-0.5 flex items-center gap-3 text-sm text-gray-700">
            {distanceKm !== null && (
              <span className="font-bold">{describeDistance(distanceKm, distanceOrigin, i18n.language)}</span>
            )}
            <VoteCount up={location.upVotes} />
          </span>
          <span className="mt-1.5 block">
            <PlaceBadges
              indoor={location.indoor}
              free={location.free}
              eventToday={location.hasEventToday === true}
            />
          </span>
          <OpeningStatusLine openingHours={location.openingHours} compact className="mt-1" />
          <FactChips facts={location.facts} compact className="mt-1" />
          <ConditionChips conditions={location.conditions} className="mt-1.5" />
        </span>
      </button>
    </li>
  );
});
