/**
 * "Right now" (issue 33): one answer to "where can we go this minute?" from the places the
 * app already has (the map's list, saved on the device, so it works offline):
 *
 * - the nearest place open now by its opening hours that suits the chosen age;
 * - the nearest place with toilets (on site, or a public toilet within TOILETS_NEARBY_M: the
 *   toilets fact filter) and the nearest with a baby changing table (its facts say so), each
 *   left out while the place is known to be closed;
 * - walking minutes for each: the straight line at WALKING_SPEED_KMH, an estimate (paths are
 *   longer than lines).
 *
 * Nothing beyond RIGHT_NOW_REACH_KM counts: walking minutes to another town are no answer.
 * The opening state comes in with each place (core `openingStatusAt`, in the place's zone, at
 * the caller's now), so this rule stays free of the large hours package.
 */
import type { AgeRange } from './constants.ts';
import type { FactFilter } from './fact-filters.ts';
import { distanceKm, type LatLng } from './geo.ts';
import type { OpeningState } from './opening-hours.ts';

/** An adult with a small child, walking (km/h). */
export const WALKING_SPEED_KMH = 4.5;

/** Places further than this (straight line, km) are not "right now": about 40 minutes' walk. */
export const RIGHT_NOW_REACH_KM = 3;

/** What the rule needs to know of a place. */
export interface RightNowPlace extends LatLng {
  readonly id: string;
  readonly ageRanges: readonly string[];
  /** The fact filters that hold (a summary's `facts`): 'toilets', 'changing_table', … */
  readonly facts?: readonly FactFilter[] | undefined;
  /** Open, closed or unknown at the moment asked; 'unknown' without hours. */
  readonly openingState: OpeningState;
}

/** One answer: the place, how far, and the estimated walk. */
export interface RightNowPick<T> {
  readonly place: T;
  readonly distanceKm: number;
  readonly walkMinutes: number;
}

export interface RightNowAnswer<T> {
  /** The nearest place open now (by its hours) that suits the age, within reach. */
  readonly open: RightNowPick<T> | null;
  /**
   * The nearest place suiting the age whose hours nobody has given, when it is nearer than
   * `open` (or there is no `open`): most playgrounds have no hours and are simply open, but
   * the app cannot know, so it says so instead of calling them open.
   */
  readonly closerHoursUnknown: RightNowPick<T> | null;
  /** The nearest place with toilets that is not closed now, within reach. */
  readonly toilets: RightNowPick<T> | null;
  /** The nearest place with a changing table that is not closed now, within reach. */
  readonly changingTable: RightNowPick<T> | null;
  /** Whether any place at all is within reach (else the app says nothing is near). */
  readonly anyWithinReach: boolean;
}

/**
 * Estimated walking minutes for a straight-line distance at WALKING_SPEED_KMH, rounded to
 * the minute and at least 1 (a parent never reads "0 min").
 */
export function walkingMinutes(km: number): number {
  if (!Number.isFinite(km) || km < 0) throw new RangeError(`distance must be a finite km ≥ 0: ${km}`);
  return Math.max(1, Math.round((km / WALKING_SPEED_KMH) * 60));
}

/** No age chosen ('' or absent): every place suits; else its age ranges must hold it. */
export function suitsAge(place: { readonly ageRanges: readonly string[] }, age: AgeRange | '' | undefined) {
  return age === undefined || age === '' || place.ageRanges.includes(age);
}

/**
 * The "Right now" answer for a person at `from`, over the places the app has. Ties in
 * distance go to the smaller id, so the same places always give the same answer.
 */
export function rightNow<T extends RightNowPlace>(
  from: LatLng,
  places: readonly T[],
  age: AgeRange | '' | undefined,
  reachKm: number = RIGHT_NOW_REACH_KM,
): RightNowAnswer<T> {
  const inReach = places
    .map((place) => ({ place, distanceKm: distanceKm(from, place) }))
    .filter((entry) => entry.distanceKm <= reachKm)
    .sort(
      (a, b) =>
        a.distanceKm - b.distanceKm || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0),
    );
  const nearest = (holds: (place: T) => boolean): RightNowPick<T> | null => {
    const found = inReach.find((entry) => holds(entry.place));
    return found ? { ...found, walkMinutes: walkingMinutes(found.distanceKm) } : null;
  };
  const open = nearest((place) => place.openingState === 'open' && suitsAge(place, age));
  const unknown = nearest((place) => place.openingState === 'unknown' && suitsAge(place, age));
  const notClosedWith = (fact: FactFilter) => (place: T) =>
    place.openingState !== 'closed' && (place.facts?.includes(fact) ?? false);
  return {
    open,
    closerHoursUnknown:
      unknown !== null && (open === null || unknown.distanceKm < open.distanceKm) ? unknown : null,
    toilets: nearest(notClosedWith('toilets')),
    changingTable: nearest(notClosedWith('changing_table')),
    anyWithinReach: inReach.length > 0,
  };
}
