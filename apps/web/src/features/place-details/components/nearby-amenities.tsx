/** Public amenities near a place (issue 18): "Public toilet 120 m away", nearest first. */
import type { NearbyAmenity } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { AMENITY_ICONS } from '../../../components/fact-icons.ts';
import { localDistance, useDistanceUnits } from '../../../lib/i18n/distance.ts';

export function NearbyAmenities({ nearby }: { readonly nearby: readonly NearbyAmenity[] }) {
  const { t, i18n } = useTranslation('location-details');
  const units = useDistanceUnits();
  if (nearby.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-display text-lg font-medium text-ink">{t('amenities.heading')}</h3>
      <ul className="mt-1 flex flex-col gap-1" aria-label={t('amenities.heading')}>
        {nearby.map((amenity) => {
          const Icon = AMENITY_ICONS[amenity.kind];
          return (
            <li key={amenity.kind} className="flex items-center gap-3 py-1 text-base text-gray-800">
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-park-700" />
              <span>
                <span className="font-bold text-ink">{t(`amenities.kinds.${amenity.kind}`)}</span>{' '}
                {t('amenities.away', {
                  distance: localDistance(amenity.distanceM / 1000, i18n.language, units),
                })}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
