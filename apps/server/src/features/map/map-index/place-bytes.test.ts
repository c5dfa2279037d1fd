/**
 * Map answers written straight from the index's arrays (place-bytes.ts) are the bytes
 * JSON.stringify makes of the answer objects: for any names (quotes, backslashes, control
 * characters, emoji), coordinates, distances, filters, photos, facts, hours, events today and
 * live conditions (ended or not, at any instant of a minute: events today are remembered for
 * the minute), for base places and for places renamed, moved or added since the build.
 */
import { AGE_RANGES, FACT_FILTERS } from '@playspot/core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  encodedSummaries,
  encodedViewportFromIndex,
  summaryOf,
  viewportResultFromIndex,
} from '../index-reader.ts';
import { MapIndex } from './map-index.ts';
import type { IndexedCondition, MapPlace } from './map-place.ts';

const NOW = new Date('2026-05-02T10:00:00Z');
const urlFor = (key: string) => `https://photos.example/${key}?v="1"`;
const idOf = (i: number) =>
  `0000${i.toString(16).padStart(4, '0')}-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`;

const placeArbitrary = fc.record({
  name: fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom('Park "Nord"', 'a\\b', 'tab\there', '\u0001'),
  ),
  latitude: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
  longitude: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
  indoor: fc.constantFrom(true, false, null),
  free: fc.constantFrom(true, false, null),
  ageRanges: fc.subarray([...AGE_RANGES]),
  upVotes: fc.nat(100_000),
  downVotes: fc.nat(100),
  thumbnailKey: fc.option(fc.constantFrom('photos/a/thumb.webp', 'photos/ü/thumb.webp')),
  factMask: fc.nat((1 << FACT_FILTERS.length) - 1),
  openingHours: fc.option(fc.constantFrom('Mo-Fr 08:00-19:00', '24/7')),
  // Names in other languages (issue 46): most places have none.
  names: fc.option(fc.constantFrom({ en: 'Marine Park' }, { ar: 'حديقة "البحر"', ja: '海の公園' })),
  withEvent: fc.boolean(),
  event: fc.record({
    dayOfWeek: fc.constantFrom('Friday', 'Saturday', 'Sunday'),
    time: fc.constantFrom('00:10', '10:00', '23:50'),
  }),
  /** A live condition's end from NOW, in seconds (negative: over); null: none. */
  conditionEndsIn: fc.option(fc.integer({ min: -120, max: 120 })),
});

type Drawn = typeof placeArbitrary extends fc.Arbitrary<infer T> ? T : never;

function conditionEndingIn(seconds: number): IndexedCondition {
  const expiresAtMs = NOW.getTime() + seconds * 1000;
  return {
    brief: {
      kind: seconds % 2 === 0 ? 'wet' : 'busy',
      equipment: null,
      lastConfirmedAt: new Date(expiresAtMs - 3_600_000).toISOString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      parents: 2,
    },
    expiresAtMs,
  };
}

function mapPlaceOf(i: number, drawn: Drawn): MapPlace {
  const { withEvent, event, conditionEndsIn, ...fields } = drawn;
  const conditions = conditionEndsIn === null ? [] : [conditionEndingIn(conditionEndsIn)];
  return {
    ...fields,
    id: idOf(i),
    visitCount: 0,
    commentCount: 0,
    changedAtMs: NOW.getTime(),
    hasEvents: withEvent,
    live:
      withEvent || conditions.length > 0
        ? {
            timeZone: 'Europe/Berlin',
            events: withEvent ? [{ ...event, repeatPattern: 'Week' }] : [],
            conditions,
          }
        : null,
    equipmentMask: 0,
    closedUntilMs: 0,
    timeZone: 'Europe/Berlin',
  };
}

it('writes every marker, summary and answer as JSON.stringify of its object', () => {
  fc.assert(
    fc.property(
      fc.array(placeArbitrary, { minLength: 1, maxLength: 40 }),
      fc.array(fc.tuple(fc.nat(), placeArbitrary), { maxLength: 10 }),
      // An instant near NOW: the first millisecond of a minute, or any within three minutes.
      fc.oneof(fc.constant(0), fc.integer({ min: -180_000, max: 180_000 })),
      // A later instant of the same minute, after events today were remembered at the first.
      fc.integer({ min: 0, max: 59_999 }),
      (drawn, changes, offsetMs, laterInMinute) => {
        const now = new Date(NOW.getTime() + offsetMs);
        const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
        const later = new Date(Math.max(now.getTime(), minuteStart + laterInMinute));
        const builder = MapIndex.builder(drawn.length);
        drawn.forEach((place, i) => {
          builder.add(mapPlaceOf(i, place));
        });
        const index = builder.seal();
        // Renames and moves of base places, and places added after the build (the overlay).
        changes.forEach(([target, place], i) => {
          const id = target % 2 === 0 ? idOf(target % drawn.length) : idOf(drawn.length + i);
          index.apply(id, { ...mapPlaceOf(0, place), id });
        });
        const box = { west: -1, east: 1, south: -1, north: 1, zoom: 18 };
        const viewport = encodedViewportFromIndex(index, box, now).toString();
        expect(JSON.parse(viewport)).toMatchObject({ kind: 'points' });
        expect(viewport).toBe(JSON.stringify(viewportResultFromIndex(index, box, now)));
        for (let slot = 0; slot < index.store.size; slot++) {
          if (index.store.isRemoved(slot)) continue;
          const near = [{ slot, distanceKm: index.distanceKm({ lat: 0, lng: 0 }, slot) }];
          for (const at of [now, later]) {
            expect(encodedSummaries(index, near, 'next', urlFor, at).toString()).toBe(
              JSON.stringify({
                items: [summaryOf(index, slot, near[0]?.distanceKm ?? 0, urlFor, at)],
                nextCursor: 'next',
              }),
            );
          }
        }
      },
    ),
    { numRuns: 200 },
  );
});
