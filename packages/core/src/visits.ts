/**
 * Visits ("I was here"): as others see them (when a family was at a quiet place is nobody
 * else's business to the minute: the public last visit is the day, not the time), and when
 * one may be logged (the device near the place, once in any 60 minutes).
 */
import { VISIT_ACCURACY_CAP_M, VISIT_MAX_DISTANCE_M } from './constants.ts';
import { distanceKm, formatDistance, type LatLng } from './geo.ts';
import { compareLocalDates, localDateInZone, MS_PER_HOUR, zonedTimeToInstant } from './time.ts';

/**
 * The public form of a place's last visit: the start of that day at the place (its own time
 * zone), so "visited today" stays true for everyone there while the hour is not given away.
 */
export function publicLastVisit(lastVisitedAt: Date, timeZone: string): Date {
  const day = localDateInZone(lastVisitedAt, timeZone);
  return zonedTimeToInstant({ ...day, hour: 0, minute: 0, second: 0 }, timeZone);
}

// ---------------------------------------------------------------------------------------
// Logging a visit: the device near the place, once in any 60 minutes
// ---------------------------------------------------------------------------------------

/** A device reading sent with a visit: the spec's user coordinate (lat, lng, accuracy in metres). */
export interface VisitReading extends LatLng {
  readonly accuracy: number;
}

export type VisitDistanceCheck =
  | { readonly ok: true; readonly distanceKm: number }
  | { readonly ok: false; readonly code: 'too_far'; readonly distanceKm: number; readonly message: string };

/** How far the device may be from the place, in metres, for a reading of this accuracy. */
export function visitAllowanceM(accuracyM: number): number {
  const accuracy = Number.isFinite(accuracyM)
    ? Math.min(Math.max(accuracyM, 0), VISIT_ACCURACY_CAP_M)
    : VISIT_ACCURACY_CAP_M;
  return VISIT_MAX_DISTANCE_M + accuracy;
}

/**
 * Whether a visit may be logged from this reading: the device within VISIT_MAX_DISTANCE_M of
 * the place plus the reading's accuracy (capped). Otherwise a message saying how far away.
 */
export function checkVisitDistance(
  reading: VisitReading,
  place: LatLng,
  purpose = 'log a visit',
): VisitDistanceCheck {
  const distance = distanceKm(reading, place);
  if (distance * 1000 <= visitAllowanceM(reading.accuracy)) return { ok: true, distanceKm: distance };
  return {
    ok: false,
    code: 'too_far',
    distanceKm: distance,
    message: `You need to be at the place to ${purpose} — you are ${formatDistance(distance)} away.`,
  };
}

/**
 * One visit per person and place in any 60 minutes (a rolling window, not the clock hour: a
 * visit at 10:59 and another at 11:00 are one outing). A double tap or a retried request
 * cannot count twice. The server refuses a repeat with 409 'in the last hour'.
 */
export const VISIT_REPEAT_WINDOW_MS = MS_PER_HOUR;

/**
 * Whether a person whose last visit to a place was at `lastVisitAt` (null: never) may log
 * another at `now`: only once VISIT_REPEAT_WINDOW_MS have passed. A last visit after `now`
 * (another server's clock a little ahead) is within the window.
 */
export function canLogVisitAgain(lastVisitAt: Date | null, now: Date): boolean {
  if (lastVisitAt === null) return true;
  return now.getTime() - lastVisitAt.getTime() >= VISIT_REPEAT_WINDOW_MS;
}

/**
 * What the 'I was here' button says for the person's own last visit: 'logged' within the
 * repeat window (another would be refused), 'today' later that day (in `timeZone`, the
 * place's, as every other line about its visits: issue 32), else 'none'.
 */
export type OwnVisitState = 'none' | 'today' | 'logged';

export function ownVisitState(myLastVisitAt: Date | null, now: Date, timeZone: string): OwnVisitState {
  if (myLastVisitAt === null) return 'none';
  if (!canLogVisitAgain(myLastVisitAt, now)) return 'logged';
  return compareLocalDates(localDateInZone(myLastVisitAt, timeZone), localDateInZone(now, timeZone)) === 0
    ? 'today'
    : 'none';
}

/**
 * Calendar days from `then` to `now` as the place's calendar counts them (0: the same day,
 * 1: yesterday there; never below 0). Every line about a place's visits counts days in its own
 * time zone, so "You were here today" and "last one yesterday" cannot both be said of one
 * visit when the reader's device is in another zone (issue 32).
 */
export function daysAgoAtPlace(then: Date, now: Date, timeZone: string): number {
  return Math.max(0, compareLocalDates(localDateInZone(now, timeZone), localDateInZone(then, timeZone)));
}
