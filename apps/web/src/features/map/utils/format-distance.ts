/** How the map words a distance; the number itself is always core's formatDistance. */
import { localDistance } from '../../../lib/i18n/format.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

/** What a distance is measured from: the person, or (position unknown) the middle of the map. */
export type DistanceOrigin = 'you' | 'map-centre';

/** '350 m away' from the person; '350 m from map centre' when their position is unknown. */
export function describeDistance(km: number, origin: DistanceOrigin, language = i18n.language): string {
  const distance = localDistance(km, language);
  return i18n.t(origin === 'you' ? 'map:distance.fromYou' : 'map:distance.fromMapCentre', {
    distance,
    lng: language,
  });
}
