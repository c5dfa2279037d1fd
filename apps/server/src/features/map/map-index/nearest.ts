/**
 * The nearest places within a radius, for the list's radius read (issue 43): the kd-tree's
 * range walk over the circle's bounding box, each candidate's distance on PostGIS's sphere,
 * and the `wanted` nearest kept in two small sorted arrays, over a circle grown from 500 m
 * until it holds the page. geokdbush's `around` keeps a
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
  if (boxAround(centre, radiusKm) === null) return null;
  // A small circle first, doubled until it holds the page: in a town the 50 nearest are a few
  // hundred metres away, and the full radius's box would hold thousands of places.
  for (let reachKm = Math.min(radiusKm, FIRST_REACH_KM); ; reachKm = Math.min(radiusKm, reachKm * 2)) {
    const page = nearestWithin(tree, centre, reachKm, wanted, accept, distanceKm);
    if (page.slots.length >= wanted || reachKm >= radiusKm) return page;
  }
}

/** The first circle's radius: about a phone screen of a town at zoom 15. */
const FIRST_REACH_KM = 0.5;

/** The box around a circle, or null when it reaches a pole or the antimeridian. */
function boxAround(
  centre: { lat: number; lng: number },
  radiusKm: number,
): { west: number; south: number; east: number; north: number } | null {
  const latitudeSpan = radiusKm / KM_PER_DEGREE;
  const south = centre.lat - latitudeSpan;
  const north = centre.lat + latitudeSpan;
  if (south <= -89 || north >= 89) return null;
  const widest = Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  const longitudeSpan = latitudeSpan / widest;
  const west = centre.lng - longitudeSpan;
  const east = centre.lng + longitudeSpan;
  if (west < -180 || east > 180) return null;
  return { west, south, east, north };
}

/**
 * The `wanted` nearest within `reachKm` that `accept` takes: every place that near is in the
 * circle's box, so the page is exact for that reach.
 */
function nearestWithin(
  tree: KDBush,
  centre: { lat: number; lng: number },
  reachKm: number,
  wanted: number,
  accept: (slot: number) => boolean,
  distanceKm: (slot: number) => number,
): Nearest {
  const slots: number[] = [];
  const distancesKm: number[] = [];
  const box = boxAround(centre, reachKm);
  if (wanted <= 0 || box === null) return { slots, distancesKm };
  for (const slot of tree.range(box.west, box.south, box.east, box.north)) {
    const distance = distanceKm(slot);
    if (distance > reachKm) continue;
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
