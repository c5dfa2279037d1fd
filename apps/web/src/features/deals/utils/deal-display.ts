/** How a deal reads: its expiry in words and its state for admins (core isDealShown decides). */
import { DEFAULT_TIME_ZONE, isDealShown, type Deal } from '@playspot/core';

const dateFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '5 Mar 2027' for '2027-03-05'; the date is a calendar date, so it is formatted in UTC. */
export function formatDealDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

export function describeExpiry(expiryDate: string | null): string {
  return expiryDate === null ? 'No end date' : `Until ${formatDealDate(expiryDate)}`;
}

export type DealState = 'shown' | 'inactive' | 'expired';

export function dealState(deal: Pick<Deal, 'active' | 'expiryDate'>, now: Date): DealState {
  if (isDealShown(deal, now, DEFAULT_TIME_ZONE)) return 'shown';
  return deal.active ? 'expired' : 'inactive';
}

export const DEAL_STATE_LABELS: Record<DealState, string> = {
  shown: 'Shown',
  inactive: 'Hidden (not active)',
  expired: 'Expired',
};

export function dealTitle(deal: Pick<Deal, 'title'>): string {
  return deal.title ?? 'A deal for families';
}
