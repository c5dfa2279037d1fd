/**
 * Map answers written straight from the index's arrays (place-bytes.ts) are the bytes
 * JSON.stringify makes of the answer objects: for any names (quotes, backslashes, control
 * characters, emoji), coordinates, filters, photos, facts and hours, for base places and for
 * places renamed, moved or added since the index was built.
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
import type { MapPlace } from './map-place.ts';

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
  withEvent: fc.boolean(),
});

type Drawn = typeof placeArbitrary extends fc.Arbitrary<infer T> ? T : never;

function mapPlaceOf(i: number, drawn: Drawn): MapPlace {
  const { withEvent, ...fields } = drawn;
  return {
    ...fields,
    id: idOf(i),
    visitCount: 0,
    commentCount: 0,
    changedAtMs: NOW.getTime(),
    hasEvents: withEvent,
    live: withEvent
      ? {
          timeZone: 'Europe/Berlin',
          events: [{ dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Week' }],
          conditions: [],
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
      (drawn, changes) => {
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
        const viewport = encodedViewportFromIndex(index, box, NOW).toString();
        expect(JSON.parse(viewport)).toMatchObject({ kind: 'points' });
        expect(viewport).toBe(JSON.stringify(viewportResultFromIndex(index, box, NOW)));
        for (let slot = 0; slot < index.store.size; slot++) {
          if (index.store.isRemoved(slot)) continue;
          const near = [{ slot, distanceKm: index.distanceKm({ lat: 0, lng: 0 }, slot) }];
          expect(encodedSummaries(index, near, 'next', urlFor, NOW).toString()).toBe(
            JSON.stringify({
              items: [summaryOf(index, slot, near[0]?.distanceKm ?? 0, urlFor, NOW)],
              nextCursor: 'next',
            }),
          );
        }
      },
    ),
    { numRuns: 200 },
  );
});
