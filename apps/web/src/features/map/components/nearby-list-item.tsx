import type { PlaceSummary } from '@playspot/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeDistance, type DistanceOrigin } from '../utils/format-distance.ts';
import { summaryPhoto } from '../utils/place-photo.ts';
import { ConditionChips } from '../../../components/condition-chips.tsx';
import { FactChips } from '../../../components/fact-chips.tsx';
import { OpeningStatusLine } from '../../../components/opening-status.tsx';
import { PlaceBadges } from '../../../components/place-badges.tsx';
import { PlaceThumbnail } from './place-thumbnail.tsx';
import { VoteCount } from './vote-count.tsx';
import { PlaceName } from '../../../components/place-name.tsx';

interface NearbyListItemProps {
  readonly place: PlaceSummary;
  readonly distanceKm: number | null;
  readonly distanceOrigin: DistanceOrigin;
  readonly onSelect: (id: string) => void;
}

/** Memoised: the list draws its rows in slices, and a new slice leaves the drawn ones alone. */
export const NearbyListItem = memo(function NearbyListItem({
  place,
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
          onSelect(place.id);
        }}
        className="flex w-full items-center gap-3 rounded-2xl p-2 text-start transition-colors duration-150 hover:bg-sun-50 focus-visible:outline-3 focus-visible:outline-sky-600 active:bg-sun-100"
      >
        <PlaceThumbnail name={place.name} indoor={place.indoor} photo={summaryPhoto(place)} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-display text-lg leading-snug font-medium text-ink">
            <PlaceName place={place} />
          </span>
          <span className="mt-0.5 flex items-center gap-3 text-sm text-gray-700">
            {distanceKm !== null && (
              <span className="font-bold">{describeDistance(distanceKm, distanceOrigin, i18n.language)}</span>
            )}
            <VoteCount up={place.upVotes} />
          </span>
          <span className="mt-1.5 block">
            <PlaceBadges indoor={place.indoor} free={place.free} eventToday={place.hasEventToday === true} />
          </span>
          <OpeningStatusLine openingHours={place.openingHours} compact className="mt-1" />
          <FactChips facts={place.facts} compact className="mt-1" />
          <ConditionChips conditions={place.conditions} className="mt-1.5" />
        </span>
      </button>
    </li>
  );
});
