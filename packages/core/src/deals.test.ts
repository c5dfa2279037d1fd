import { describe, expect, it } from 'vitest';
import { isDealShown, type DealVisibility } from './deals.ts';

const AUCKLAND = 'Pacific/Auckland';
// 2026-04-05 00:30 NZDT on the Auckland calendar, still 2026-04-04 in UTC.
const now = new Date('2026-04-04T11:30:00Z');

describe('isDealShown', () => {
  it.each<[string, DealVisibility, boolean]>([
    ['active, no expiry', { active: true, expiryDate: null }, true],
    ['active, empty expiry', { active: true, expiryDate: '' }, true],
    ['inactive, no expiry', { active: false, expiryDate: null }, false],
    ['active, expires tomorrow', { active: true, expiryDate: '2026-04-06' }, true],
    ['active, expires today (still shown all day)', { active: true, expiryDate: '2026-04-05' }, true],
    ['active, expired yesterday', { active: true, expiryDate: '2026-04-04' }, false],
    ['inactive, expires next year', { active: false, expiryDate: '2027-01-01' }, false],
    ['active, unreadable expiry (fail closed)', { active: true, expiryDate: 'soon' }, false],
    ['active, impossible date', { active: true, expiryDate: '2026-02-30' }, false],
  ])('%s → %s', (_name, deal, shown) => {
    expect(isDealShown(deal, now, AUCKLAND)).toBe(shown);
  });

  it('compares calendar dates in the given zone, not in UTC', () => {
    const deal = { active: true, expiryDate: '2026-04-04' };
    expect(isDealShown(deal, now, 'UTC')).toBe(true);
    expect(isDealShown(deal, now, AUCKLAND)).toBe(false);
    expect(isDealShown(deal, now)).toBe(false);
  });

  it.each([
    ['2026-04-05T11:59:59Z', true],
    ['2026-04-05T12:00:00Z', false],
  ])('a deal expiring 2026-04-05 at %s (midnight NZST is 12:00Z) is shown: %s', (iso, shown) => {
    expect(isDealShown({ active: true, expiryDate: '2026-04-05' }, new Date(iso), AUCKLAND)).toBe(shown);
  });
});
