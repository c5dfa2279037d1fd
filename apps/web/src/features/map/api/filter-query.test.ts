import { UNLIMITED_RADIUS } from '@playspot/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { filterQuery } from './filter-query.ts';
import { getNearbyPlaces } from './get-nearby-places.ts';
import { getViewportPlaces } from './get-viewport-places.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('filter query', () => {
  it('sends fact filters comma-separated in FACT_FILTERS order, and nothing when none is on', () => {
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS, has: ['toilets', 'fenced'] }).has).toBe(
      'fenced,toilets',
    );
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS, has: [] }).has).toBeUndefined();
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS }).has).toBeUndefined();
  });

  it('sends play equipment comma-separated in EQUIPMENT_KINDS order, and nothing when none is asked', () => {
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS, equipment: ['slide', 'swing'] }).equipment).toBe(
      'swing,slide',
    );
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS, equipment: [] }).equipment).toBeUndefined();
    expect(filterQuery({ radiusKm: UNLIMITED_RADIUS }).equipment).toBeUndefined();
  });

  it('carries them on the list and the map queries', async () => {
    const page = { items: [], nextCursor: null };
    const fetchMock = installFakeApi({
      '/api/locations/summaries': { status: 200, body: page },
      '/api/locations/viewport': { status: 200, body: { kind: 'points', points: [] } },
    });
    const filters = {
      radiusKm: 5,
      free: true,
      has: ['wheelchair', 'shade'],
      equipment: ['sandpit'],
    } as const;
    await getNearbyPlaces({ lat: -36.85, lng: 174.76 }, filters);
    await getViewportPlaces(
      { box: { west: 174.7, south: -36.9, east: 174.8, north: -36.8 }, zoom: 14 },
      filters,
    );
    const urls = fetchMock.mock.calls.map(([input]) => new URL(input as string, 'http://test'));
    expect(urls.map((url) => url.searchParams.get('has'))).toEqual(['shade,wheelchair', 'shade,wheelchair']);
    expect(urls[0]?.searchParams.get('free')).toBe('true');
    expect(urls.map((url) => url.searchParams.get('equipment'))).toEqual(['sandpit', 'sandpit']);
  });
});
