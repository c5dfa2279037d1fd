/** How the map words a distance; the number itself is always core's formatDistance, in the parent's units. */
import { i18n } from '../../../lib/i18n/i18n.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';

/**
 * What a distance is measured from: the person, a town chosen in the search, or (position
 * unknown) the middle of the map.
 */
export type DistanceOrigin = 'you' | 'town' | 'map-centre';

const DISTANCE_KEY = {
  you: 'map:distance.fromYou',
  town: 'map:distance.fromTown',
  'map-centre': 'map:distance.fromMapCentre',
} as const;

/** '350 m away' from the person; '350 m from map centre' when their position is unknown. */
export function describeDistance(km: number, origin: DistanceOrigin, language = i18n.language): string {
  const distance = localDistance(km, language);
  return i18n.t(DISTANCE_KEY[origin], {
    distance,
    lng: language,
  });
}
