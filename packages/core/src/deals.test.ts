import { describe, expect, it } from 'vitest';
import { dealsNearestFirst, isDealShown, type DealVisibility } from './deals.ts';
import { destinationPoint } from './geo.ts';

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

describe('isDealShown on the expiry day around daylight saving', () => {
  it.each([
    // 2026-10-01 is in NZDT (UTC+13): its last second is 10:59:59Z.
    ['2026-10-01', '2026-10-01T10:59:59Z', true],
    ['2026-10-01', '2026-10-01T11:00:00Z', false],
    // The day the clocks go forward (2026-09-27) is 23 hours long: it ends at 10:59:59Z.
    ['2026-09-27', '2026-09-27T10:59:59Z', true],
    ['2026-09-27', '2026-09-27T11:00:00Z', false],
    // The day the clocks go back (2026-04-05) is 25 hours long: it starts at 11:00Z the day before.
    ['2026-04-04', '2026-04-04T10:59:59Z', true],
    ['2026-04-04', '2026-04-04T11:00:00Z', false],
  ])('a deal expiring %s at %s is shown: %s', (expiryDate, iso, shown) => {
    expect(isDealShown({ active: true, expiryDate }, new Date(iso), 'Pacific/Auckland')).toBe(shown);
  });
});

describe('dealsNearestFirst', () => {
  const HERE = { lat: 53.87213, lng: 10.69481 };
  const at = (km: number) => {
    const place = destinationPoint(HERE, 90, km);
    return { latitude: place.lat, longitude: place.lng };
  };
  const deals = [
    { id: 'online', location: null },
    { id: 'far', location: at(12) },
    { id: 'near', location: at(0.3) },
    { id: 'also-online', location: null },
  ];

  it('puts deals at a place nearest first, then those without one, in their order', () => {
    const sorted = dealsNearestFirst(deals, HERE);
    expect(sorted.map((deal) => deal.id)).toEqual(['near', 'far', 'online', 'also-online']);
    expect(sorted[0]?.distanceKm).toBeCloseTo(0.3, 6);
    expect(sorted[2]?.distanceKm).toBeNull();
  });

  it('keeps the order, with no distances, when the position is unknown', () => {
    const sorted = dealsNearestFirst(deals, null);
    expect(sorted.map((deal) => deal.id)).toEqual(['online', 'far', 'near', 'also-online']);
    expect(sorted.every((deal) => deal.distanceKm === null)).toBe(true);
  });
});
