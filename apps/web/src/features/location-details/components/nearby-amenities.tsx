/** Public amenities near a place (issue 18): "Public toilet 120 m away", nearest first. */
import { AMENITY_LABELS, formatDistance, type NearbyAmenity } from '@playspot/core';
import { AMENITY_ICONS } from '../../../components/fact-icons.ts';

export function NearbyAmenities({ nearby }: { readonly nearby: readonly NearbyAmenity[] }) {
  if (nearby.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-display text-lg font-medium text-ink">Nearby</h3>
      <ul className="mt-1 flex flex-col gap-1" aria-label="Nearby">
        {nearby.map((amenity) => {
          const Icon = AMENITY_ICONS[amenity.kind];
          return (
            <li key={amenity.kind} className="flex items-center gap-3 py-1 text-base text-gray-800">
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-park-700" />
              <span>
                <span className="font-bold text-ink">{AMENITY_LABELS[amenity.kind]}</span>{' '}
                {formatDistance(amenity.distanceM / 1000)} away
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
