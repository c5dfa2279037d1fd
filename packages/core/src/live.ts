/**
 * Live updates (issue 32): which changes a stream follows. A stream follows places by id
 * (an open place page, My places) and every place inside a box (the map's view).
 */
import { boundingBoxContains, type BoundingBox, type LatLng } from './geo.ts';

export interface LiveInterest {
  readonly places: ReadonlySet<string>;
  readonly box: BoundingBox | null;
}

export interface LiveChangeOfPlace {
  readonly locationId: string;
  /** Where the place is now; null once it is gone. */
  readonly position: LatLng | null;
}

/** A stream's interest from its query (`places` and the four sides, all or none). */
export function liveInterest(query: {
  readonly places?: readonly string[] | undefined;
  readonly west?: number | undefined;
  readonly south?: number | undefined;
  readonly east?: number | undefined;
  readonly north?: number | undefined;
}): LiveInterest {
  const { west, south, east, north } = query;
  const box =
    west === undefined || south === undefined || east === undefined || north === undefined
      ? null
      : { west, south, east, north };
  return { places: new Set(query.places ?? []), box };
}

/** Whether a stream with this interest is told about the change. */
export function followsChange(interest: LiveInterest, change: LiveChangeOfPlace): boolean {
  if (interest.places.has(change.locationId)) return true;
  return (
    interest.box !== null && change.position !== null && boundingBoxContains(interest.box, change.position)
  );
}
