/**
 * Deals (spec §4): only active deals whose expiry date is empty or not before today are
 * shown. "Today" is the calendar date in the given zone, so a deal expiring on a date is
 * still shown all that day there.
 */
import { DEFAULT_TIME_ZONE } from './constants.ts';
import { compareLocalDates, localDateInZone, parseLocalDate } from './time.ts';

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
