import type { Location, MapPoint, ViewportResult } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { nearbyEntries, roundCenter, visibleMarkers } from './derive-results.ts';
import { formatDistance } from './format-distance.ts';
import { firstPhoto, topTags } from './location-photo.ts';
import { normalizeBounds, toMapViewport } from './viewport.ts';
import { makeLocation as makeCoreLocation } from '@playspot/core/testing';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const CENTER = { lat: -36.848461, lng: 174.763336 };

function makeLocation(overrides: Partial<Location> = {}): Location {
  return makeCoreLocation({
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

describe('nearbyEntries', () => {
  it('re-derives the list from data and filters, nearest first', () => {
    const far = makeLocation({ id: 'far', latitude: CENTER.lat + 0.05, indoor: true });
    const near = makeLocation({ id: 'near', latitude: CENTER.lat + 0.01, indoor: true });
    const outdoor = makeLocation({ id: 'outdoor', indoor: false });
    const all = nearbyEntries([far, near, outdoor], { radiusKm: null }, CENTER, NOW);
    expect(all.map((entry) => entry.location.id)).toEqual(['outdoor', 'near', 'far']);
    const indoorOnly = nearbyEntries([far, near, outdoor], { indoor: true, radiusKm: 2 }, CENTER, NOW);
    expect(indoorOnly.map((entry) => entry.location.id)).toEqual(['near']);
    expect(indoorOnly[0]?.distanceKm).toBeCloseTo(1.11, 1);
  });

  it('applies recentlyAdded with the clock it is given (14 days)', () => {
    const fresh = makeLocation({ id: 'fresh', createdAt: '2026-02-20T00:00:00.000Z' });
    const old = makeLocation({ id: 'old' });
    const recent = nearbyEntries([fresh, old], { recentlyAdded: true }, CENTER, NOW);
    expect(recent.map((entry) => entry.location.id)).toEqual(['fresh']);
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
    expect(visibleMarkers(result, {}, CENTER).points).toHaveLength(2);
    expect(visibleMarkers(result, { radiusKm: 5 }, CENTER).points.map((p) => p.id)).toEqual(['a']);
    expect(visibleMarkers(undefined, {}, CENTER)).toEqual({ points: [], clusters: [] });
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

  it('rounds the list centre to about 100 m', () => {
    expect(roundCenter({ lat: -36.848461, lng: 174.763336 })).toEqual({ lat: -36.848, lng: 174.763 });
  });
});

describe('formatting', () => {
  it('shows distances in metres when close and km when far', () => {
    expect(formatDistance(0.004)).toBe('10 m');
    expect(formatDistance(0.486)).toBe('490 m');
    expect(formatDistance(1.44)).toBe('1.4 km');
    expect(formatDistance(12.6)).toBe('13 km');
  });

  it('picks the place’s own first photo and its best-voted tags', () => {
    const place = makeLocation({
      imageUrls: ['/a.jpg', '/b.jpg'],
      imageMetaData: [
        { url: '/a.jpg', commentId: 'c1', uploadedBy: { userName: 'x' }, lastUpdatedAt: NOW.toISOString() },
        {
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
    expect(firstPhoto(makeLocation())).toBeNull();
    expect(topTags(place, 2)).toEqual(['fenced', 'shade']);
  });
});
