import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsRetentionCutoff, DEFAULT_ANALYTICS_RETENTION_DAYS } from './retention.ts';

describe('analyticsRetentionCutoff', () => {
  it.each([
    ['2026-11-27T03:00:00Z', 400, '2025-10-23T03:00:00.000Z'],
    ['2026-11-27T03:00:00Z', 1, '2026-11-26T03:00:00.000Z'],
    ['2024-03-01T00:00:00Z', 1, '2024-02-29T00:00:00.000Z'],
  ])('from %s keeps %i days: events before %s go', (now, days, cutoff) => {
    expect(analyticsRetentionCutoff(new Date(now), days).toISOString()).toBe(cutoff);
  });

  it('defaults to 400 days', () => {
    expect(DEFAULT_ANALYTICS_RETENTION_DAYS).toBe(400);
  });

  it('refuses a retention that is not a whole number of days ≥ 1', () => {
    for (const days of [0, -1, 1.5, Number.NaN]) {
      expect(() => analyticsRetentionCutoff(new Date(), days)).toThrow(RangeError);
    }
  });

  it('keeps more the longer the retention, and always less than now', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 36_500 }),
        fc.integer({ min: 1, max: 100 }),
        (now, days, more) => {
          const cutoff = analyticsRetentionCutoff(now, days);
          expect(cutoff.getTime()).toBeLessThan(now.getTime());
          expect(analyticsRetentionCutoff(now, days + more).getTime()).toBeLessThan(cutoff.getTime());
        },
      ),
    );
  });
});
