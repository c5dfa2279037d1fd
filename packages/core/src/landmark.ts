/**
 * A place's landmark: the nearest other place we know with a real name, to say where a place
 * is in words ("400 m north of Stadtpark"). The importer keeps no street address, and
 * coordinates mean nothing to a parent. Chosen among the map's summaries around the place,
 * nearest first: the server puts it in a place page's answer, the app shows it.
 */
import type { LatLng } from './geo.ts';

/** Beyond this, "2 km north of X" no longer helps anyone find the place. */
export const LANDMARK_RADIUS_KM = 2;

/** How many of the nearest summaries are looked at. */
export const LANDMARK_CANDIDATES = 6;

export interface Landmark extends LatLng {
  readonly name: string;
}

/** A name that says nothing about where ("Playground", "Indoor playground, 2"). */
const GENERIC_NAME = /^(indoor )?playground(,|$)/iu;

/**
 * The nearest candidate that names the place well: not the place itself, not a namesake, not a
 * generic name. `candidates` are nearest first.
 */
export function landmarkAmong(
  place: { readonly id: string; readonly name: string },
  candidates: readonly {
    readonly id: string;
    readonly name: string;
    readonly lat: number;
    readonly lng: number;
  }[],
): Landmark | null {
  const ownName = place.name.trim().toLowerCase();
  const landmark = candidates.find(
    (candidate) =>
      candidate.id !== place.id &&
      candidate.name.trim().toLowerCase() !== ownName &&
      !GENERIC_NAME.test(candidate.name.trim()),
  );
  return landmark ? { name: landmark.name, lat: landmark.lat, lng: landmark.lng } : null;
}
