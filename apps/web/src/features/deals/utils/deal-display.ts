/** How a deal reads: its expiry in words and its state for admins (core isDealShown decides). */
import { DEFAULT_TIME_ZONE, isDealShown, type Deal } from '@playspot/core';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';

/** '5 Mar 2027' for '2027-03-05' ('5. März 2027' in German); a calendar date, so formatted in UTC. */
export function formatDealDate(date: string, language = i18n.language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export function describeExpiry(expiryDate: string | null): string {
  return expiryDate === null
    ? i18n.t('deals:noEndDate')
    : i18n.t('deals:until', { date: formatDealDate(expiryDate) });
}

export type DealState = 'shown' | 'inactive' | 'expired';

export function dealState(deal: Pick<Deal, 'active' | 'expiryDate'>, now: Date): DealState {
  if (isDealShown(deal, now, DEFAULT_TIME_ZONE)) return 'shown';
  return deal.active ? 'expired' : 'inactive';
}

export function dealTitle(deal: Pick<Deal, 'title'>): string {
  return deal.title ?? i18n.t('deals:untitled');
}
