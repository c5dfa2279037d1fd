/**
 * Visit-verified trust (issue 19): a visit logged at a place (which needs the device there)
 * makes its visitor's later contributions to that place "verified" for a while. Pages count
 * verified contributions of the last month and list them first; who the visitors are is
 * never shown.
 */
import { MS_PER_DAY } from './time.ts';

/** A visit verifies its visitor's contributions to the place for this many days after it. */
export const VERIFIED_VISIT_DAYS = 30;

/** "This month" in "confirmed by 5 visitors this month": the last this many days. */
export const TRUST_RECENT_DAYS = 30;

/**
 * Whether a contribution made at `at` is verified by one of its author's visits to the
 * place: a visit at or before it, at most VERIFIED_VISIT_DAYS earlier.
 */
export function isVerifiedBy(visits: readonly Date[], at: Date): boolean {
  const latest = at.getTime();
  const earliest = latest - VERIFIED_VISIT_DAYS * MS_PER_DAY;
  return visits.some((visit) => visit.getTime() <= latest && visit.getTime() >= earliest);
}

/** Whether a contribution made at `at` counts as "this month" at `now`. */
export function isThisMonth(at: Date, now: Date): boolean {
  return now.getTime() - at.getTime() <= TRUST_RECENT_DAYS * MS_PER_DAY;
}

/** Verified contributions first, the most verified first; otherwise the order given (stable). */
export function verifiedFirst<T extends { readonly verified: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.verified - a.verified);
}

/**
 * Votes keep no time (a vote is a state, changed in place), so a vote counts as verified while
 * its voter has a visit to the place since this moment: "5 visitors this month like it".
 */
export function verifiedVisitSince(now: Date): Date {
  return new Date(now.getTime() - VERIFIED_VISIT_DAYS * MS_PER_DAY);
}
