import type { Place, PlaceSummary, MapPoint, ViewportResult } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { anyMarkerIn, nearbyEntries, roundCenter, visibleMarkers } from './derive-results.ts';
import { describeDistance } from './format-distance.ts';
import { firstPhoto, topTags } from './place-photo.ts';
import { normalizeBounds, toMapViewport } from './viewport.ts';
import { makePlace as makeCorePlace } from '@playspot/core/testing';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const CENTER = { lat: -36.848461, lng: 174.763336 };

function makePlace(overrides: Partial<Place> = {}): Place {
  return makeCorePlace({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Albert Park',
    latitude: CENTER.lat,
    longitude: CENTER.lng,
    tags: [],
    tagVotes: {},
    ageRanges: [],
    indoor: null,
    free: null,
    ...overrides,
  });
}

function makeSummary(overrides: Partial<PlaceSummary> = {}): PlaceSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Albert Park',
    lat: CENTER.lat,
    lng: CENTER.lng,
    ageRanges: [],
    indoor: null,
    free: null,
    upVotes: 0,
    ...overrides,
  };
}

describe('nearbyEntries', () => {
  it('re-derives the list from data and filters, nearest first', () => {
    const far = makeSummary({ id: 'far', lat: CENTER.lat + 0.05, indoor: true });
    const near = makeSummary({ id: 'near', lat: CENTER.lat + 0.01, indoor: true });
    const outdoor = makeSummary({ id: 'outdoor', indoor: false });
    const all = nearbyEntries([far, near, outdoor], { radiusKm: null }, CENTER);
    expect(all.map((entry) => entry.place.id)).toEqual(['outdoor', 'near', 'far']);
    const indoorOnly = nearbyEntries([far, near, outdoor], { indoor: true, radiusKm: 2 }, CENTER);
    expect(indoorOnly.map((entry) => entry.place.id)).toEqual(['near']);
    expect(indoorOnly[0]?.distanceKm).toBeCloseTo(1.11, 1);
  });

  it('leaves popular and recently added to the server, which has applied them', () => {
    const place = makeSummary({ id: 'any' });
    const kept = nearbyEntries([place], { recentlyAdded: true, popular: true, radiusKm: null }, CENTER);
    expect(kept.map((entry) => entry.place.id)).toEqual(['any']);
  });
});

describe('visibleMarkers', () => {
  const point = (id: string, lat: number): MapPoint => ({
    id,
    name: id,
    latitude: lat,
    longitude: CENTER.lng,
    indoor: null,
    free: null,
    ageRanges: [],
    votes: { up: 0, down: 0 },
  });

  it('keeps every marker without a radius, and only those inside it with one', () => {
    const result: ViewportResult = {
      kind: 'points',
      points: [point('a', CENTER.lat), point('b', CENTER.lat + 0.5)],
    };
    expect(visibleMarkers(result, { radiusKm: null }, CENTER).points).toHaveLength(2);
    expect(visibleMarkers(result, { radiusKm: 5 }, CENTER).points.map((p) => p.id)).toEqual(['a']);
    expect(visibleMarkers(undefined, { radiusKm: null }, CENTER)).toEqual({ points: [], clusters: [] });
  });

  it('says whether the map shows a place in its box (offline, a saved answer may be of elsewhere)', () => {
    const around = (lat: number) => ({
      west: CENTER.lng - 0.1,
      south: lat - 0.1,
      east: CENTER.lng + 0.1,
      north: lat + 0.1,
    });
    const saved: ViewportResult = { kind: 'points', points: [point('a', CENTER.lat)] };
    const markers = visibleMarkers(saved, { radiusKm: null }, CENTER);
    expect(anyMarkerIn(markers, around(CENTER.lat))).toBe(true);
    // The latest saved answer was of Auckland; the map looks at Wellington: nothing here.
    expect(anyMarkerIn(markers, around(-41.29))).toBe(false);
    expect(anyMarkerIn(markers, null)).toBe(false);
  });
});

describe('viewport', () => {
  it('wraps longitudes, clamps latitudes and rounds the zoom', () => {
    expect(normalizeBounds({ west: 170, south: -95, east: 190, north: -30 })).toEqual({
      west: 170,
      south: -90,
      east: -170,
      north: -30,
    });
    expect(normalizeBounds({ west: -400, south: 0, east: 400, north: 1 })).toEqual({
      west: -180,
      south: 0,
      east: 180,
      north: 1,
    });
    expect(toMapViewport({ west: 1, south: 2, east: 3, north: 4 }, 12.6).zoom).toBe(13);
  });

  it('grows the box to a grid, so a slightly different view asks for the same box', () => {
    // At zoom 13 the grid is 90 / 8192 ≈ 0.011°.
    const view = { west: 174.7301, south: -36.8802, east: 174.7905, north: -36.8303 };
    const shorter = { ...view, south: view.south + 0.0016 };
    const box = toMapViewport(view, 13).box;
    expect(toMapViewport(shorter, 13).box).toEqual(box);
    expect(box.west).toBeLessThanOrEqual(view.west);
    expect(box.south).toBeLessThanOrEqual(view.south);
    expect(box.east).toBeGreaterThanOrEqual(view.east);
    expect(box.north).toBeGreaterThanOrEqual(view.north);
    expect(box.east - box.west).toBeLessThan(view.east - view.west + 2 * (90 / 8192) + 1e-9);
  });

  it('rounds the list centre to about 100 m', () => {
    expect(roundCenter({ lat: -36.848461, lng: 174.763336 })).toEqual({ lat: -36.848, lng: 174.763 });
  });
});

describe('formatting', () => {
  it("words core's distance from the person or from the map's centre", () => {
    expect(describeDistance(0.486, 'you')).toBe('490 m away');
    expect(describeDistance(12.6, 'map-centre')).toBe('13 km from map centre');
  });

  it('picks the place’s own first photo and its best-voted tags', () => {
    const place = makePlace({
      imageUrls: ['/a.jpg', '/b.jpg'],
      imageMetaData: [
        {
          id: 'a1a1a1a1-0000-4000-8000-000000000001',
          url: '/a.jpg',
          commentId: 'c1',
          uploadedBy: { userName: 'x' },
          lastUpdatedAt: NOW.toISOString(),
          canDelete: false,
        },
        {
          id: 'a1a1a1a1-0000-4000-8000-000000000002',
          canDelete: false,
          url: '/b.jpg',
          thumbnailUrl: '/b-400.jpg',
          uploadedBy: { userName: 'y' },
          lastUpdatedAt: NOW.toISOString(),
        },
      ],
      tags: ['shade', 'fenced', 'toilets'],
      tagVotes: { shade: { up: 1, down: 0 }, fenced: { up: 5, down: 0 }, toilets: { up: 0, down: 2 } },
    });
    expect(firstPhoto(place)).toEqual({ url: '/b.jpg', thumbnailUrl: '/b-400.jpg' });
    expect(firstPhoto(makePlace())).toBeNull();
    expect(topTags(place, 2)).toEqual(['fenced', 'shade']);
  });
});
