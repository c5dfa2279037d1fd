/** '350 m', '1.4 km', '12 km': precise when close, calm when far. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** What a distance is measured from: the person, or (position unknown) the middle of the map. */
export type DistanceOrigin = 'you' | 'map-centre';

/** '350 m away' from the person; '350 m from map centre' when their position is unknown. */
export function describeDistance(km: number, origin: DistanceOrigin): string {
  return origin === 'you' ? `${formatDistance(km)} away` : `${formatDistance(km)} from map centre`;
}
