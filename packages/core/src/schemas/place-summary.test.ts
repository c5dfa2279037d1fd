import { describe, expect, it } from 'vitest';
import { summaryMatchesFilters, type FilterCriteria } from '../filters.ts';
import { placeSummarySchema, roundDistanceKm, type PlaceSummary } from './place-summary.ts';

const summary: PlaceSummary = {
  id: '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11',
  name: 'Domain Playground',
  lat: -36.8597,
  lng: 174.7752,
  distanceKm: 0.412,
  indoor: false,
  free: true,
  ageRanges: ['2-5'],
  upVotes: 3,
};

describe('location summary', () => {
  it('accepts the shape the map reads, with or without a distance, photo and event', () => {
    expect(placeSummarySchema.parse(summary)).toEqual(summary);
    const { distanceKm: _distance, ...withoutDistance } = summary;
    expect(placeSummarySchema.safeParse(withoutDistance).success).toBe(true);
    const full = { ...summary, thumbnailUrl: '/api/files/locations/x/thumb.webp', hasEventToday: true };
    expect(placeSummarySchema.parse(full)).toEqual(full);
  });

  it.each([
    ['a latitude out of range', { lat: 91 }],
    ['an unknown age range', { ageRanges: ['3-4'] }],
    ['a negative distance', { distanceKm: -1 }],
    ['an event flag of false (absent means none)', { hasEventToday: false }],
    ['a null thumbnail (absent means none)', { thumbnailUrl: null }],
    ['negative up votes', { upVotes: -1 }],
  ])('refuses %s', (_case, change) => {
    expect(placeSummarySchema.safeParse({ ...summary, ...change }).success).toBe(false);
  });

  it.each<[string, FilterCriteria, boolean]>([
    ['no filters', {}, true],
    ['outdoor', { indoor: false }, true],
    ['indoor', { indoor: true }, false],
    ['free', { free: true }, true],
    ['paid', { free: false }, false],
    ['its age range', { ageRange: '2-5' }, true],
    ['any age', { ageRange: '' }, true],
    ['another age range', { ageRange: '5-12' }, false],
    // Counts and dates are not in a summary: the server has applied these already.
    ['popular', { popular: true }, true],
    ['recently added', { recentlyAdded: true }, true],
  ])('filters: %s → %s', (_case, filters, expected) => {
    expect(summaryMatchesFilters(summary, filters)).toBe(expected);
  });

  it('unknown indoor/free never match a filter on them', () => {
    const unknown = { ...summary, indoor: null, free: null };
    expect(summaryMatchesFilters(unknown, { indoor: false })).toBe(false);
    expect(summaryMatchesFilters(unknown, { free: true })).toBe(false);
  });

  it.each([
    [0.4123456, 0.412],
    [12.3456789, 12.346],
    [0, 0],
  ])('rounds %f km to the metre: %f', (raw, rounded) => {
    expect(roundDistanceKm(raw)).toBe(rounded);
  });
});
