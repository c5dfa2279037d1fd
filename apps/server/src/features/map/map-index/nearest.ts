/**
 * The nearest places within a radius, for the list's radius read (issue 43): the kd-tree's
 * range walk over the circle's bounding box, each candidate's distance on PostGIS's sphere,
 * and the `wanted` nearest kept in two small sorted arrays. geokdbush's `around` keeps a
 * priority queue of objects for every node and point it sees (about 170 kB a read); this
 * allocates the range's id list and the answer.
 */
import type KDBush from 'kdbush';

/** Kilometres per degree of latitude on a sphere a little smaller than PostGIS's: the box errs wide. */
const KM_PER_DEGREE = (2 * Math.PI * 6370) / 360;

export interface Nearest {
  slots: number[];
  distancesKm: number[];
}

/**
 * The `wanted` nearest base slots within `radiusKm` of the centre that `accept` takes, nearest
 * first; null when the circle's box reaches a pole or the antimeridian (the caller walks the
 * tree around the sphere instead).
 */
export function nearestInRadius(
  tree: KDBush,
  centre: { lat: number; lng: number },
  radiusKm: number,
  wanted: number,
  accept: (slot: number) => boolean,
  distanceKm: (slot: number) => number,
): Nearest | null {
  const latitudeSpan = radiusKm / KM_PER_DEGREE;
  const south = centre.lat - latitudeSpan;
  const north = centre.lat + latitudeSpan;
  if (south <= -89 || north >= 89) return null;
  const widest = Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const longitudeSpan = latitudeSpan / widest;
  const west = centre.lng - longitudeSpan;
  const east = centre.lng + longitudeSpan;
  if (west < -180 || east > 180) return null;
  const slots: number[] = [];
  const distancesKm: number[] = [];
  if (wanted <= 0) return { slots, distancesKm };
  for (const slot of tree.range(west, south, east, north)) {
    const distance = distanceKm(slot);
    if (distance > radiusKm) continue;
    if (slots.length === wanted && distance >= (distancesKm[wanted - 1] ?? Infinity)) continue;
    if (!accept(slot)) continue;
    // Insertion into the sorted page (it holds at most `wanted`, a page of about 50).
    let at = slots.length === wanted ? wanted - 1 : slots.length;
    while (at > 0 && (distancesKm[at - 1] ?? 0) > distance) {
      slots[at] = slots[at - 1] ?? 0;
      distancesKm[at] = distancesKm[at - 1] ?? 0;
      at--;
    }
    slots[at] = slot;
    distancesKm[at] = distance;
  }
  return { slots, distancesKm };
}
