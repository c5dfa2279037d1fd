/**
 * Deals (spec §4): only active deals whose expiry date is empty or not before today are
 * shown. "Today" is the calendar date in the given zone, so a deal expiring on a date is
 * still shown all that day there.
 */
import { DEFAULT_TIME_ZONE } from './constants.ts';
import { compareLocalDates, localDateInZone, parseLocalDate } from './time.ts';
import { distanceToPlaceKm, type LatLng } from './geo.ts';

export interface DealVisibility {
  readonly active: boolean;
  /** 'YYYY-MM-DD', or null / '' for no expiry. */
  readonly expiryDate: string | null;
}

/**
 * True for an active deal with no expiry date or one on or after today in `timeZone`.
 * An expiry that is not a real 'YYYY-MM-DD' date hides the deal (fail closed).
 */
export function isDealShown(deal: DealVisibility, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  if (!deal.active) return false;
  if (deal.expiryDate === null || deal.expiryDate === '') return true;
  const expiry = parseLocalDate(deal.expiryDate);
  if (!expiry) return false;
  return compareLocalDates(expiry, localDateInZone(now, timeZone)) >= 0;
}

/** A deal as shown: with how far its place is from the person (null without either). */
export type DealWithDistance<T> = T & { readonly distanceKm: number | null };

/**
 * Shown deals nearest first: those at a place, by distance from the person's exact position
 * (core distanceToPlaceKm, the one distance); then those without a place (or without a known
 * position), in the order given.
 */
export function dealsNearestFirst<
  T extends { readonly location: { readonly latitude: number; readonly longitude: number } | null },
>(deals: readonly T[], origin: LatLng | null): DealWithDistance<T>[] {
  const measured = deals.map((deal, order) => ({
    deal: { ...deal, distanceKm: origin && deal.location ? distanceToPlaceKm(origin, deal.location) : null },
    order,
  }));
  return measured
    .sort((a, b) => {
      const [x, y] = [a.deal.distanceKm, b.deal.distanceKm];
      if (x !== null && y !== null) return x - y || a.order - b.order;
      if (x !== null) return -1;
      if (y !== null) return 1;
      return a.order - b.order;
    })
    .map(({ deal }) => deal);
}
