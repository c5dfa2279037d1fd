/** How the map words a distance; the number itself is always core's formatDistance. */
import { formatDistance } from '@playspot/core';

/** What a distance is measured from: the person, or (position unknown) the middle of the map. */
export type DistanceOrigin = 'you' | 'map-centre';

/** '350 m away' from the person; '350 m from map centre' when their position is unknown. */
export function describeDistance(km: number, origin: DistanceOrigin): string {
  return origin === 'you' ? `${formatDistance(km)} away` : `${formatDistance(km)} from map centre`;
}
