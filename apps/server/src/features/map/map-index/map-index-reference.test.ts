/**
 * The index's fast reads (bit-mask filter test, the radius walk over growing circles, the
 * kd-tree's box) against the plainest reading of the rules: every place object tested one by
 * one with core's own functions, for random places, changes, boxes, centres and filters. A
 * read that skips a place, keeps a removed one or orders a page wrongly fails here without a
 * database (map-index.test.ts compares with the SQL).
 */
import {
  AGE_RANGES,
  EQUIPMENT_KINDS,
  FACT_FILTERS,
  isPopular,
  RECENT_HOURS,
  type AgeRange,
} from '@playspot/core';
import { isOpenAt, parseOpeningHours } from '@playspot/core/opening-hours';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Box, MapFilters } from '../map-query.ts';
import { MapIndex, sphereDistanceKm } from './map-index.ts';
import { equipmentMaskOf, factMaskOf, type MapPlace } from './map-place.ts';

const NOW = new Date('2026-05-02T10:17:23.456Z');
const DAY_MS = 86_400_000;
/** Ids whose first words are mostly shared (uuids rarely share one): the store orders them all. */
const idOf = (i: number) =>
  `${((i % 3) * 0x55555555).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

const placeArbitrary = fc.record({
  latitude: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  longitude: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  indoor: fc.constantFrom(true, false, null),
  free: fc.constantFrom(true, false, null),
  ageRanges: fc.subarray([...AGE_RANGES]),
  upVotes: fc.nat(5),
  downVotes: fc.nat(5),
  visitCount: fc.nat(3),
  commentCount: fc.nat(3),
  changedDaysAgo: fc.nat(60),
  factMask: fc.nat((1 << FACT_FILTERS.length) - 1),
  equipmentMask: fc.nat((1 << EQUIPMENT_KINDS.length) - 1),
  closedForHours: fc.constantFrom(0, 0, 0, -2, 5),
  openingHours: fc.constantFrom(null, null, 'Mo-Fr 08:00-19:00', 'Sa,Su 09:00-12:00', '24/7'),
});
type Drawn = typeof placeArbitrary extends fc.Arbitrary<infer T> ? T : never;

function mapPlaceOf(id: string, drawn: Drawn): MapPlace {
  const { changedDaysAgo, closedForHours, ...fields } = drawn;
  return {
    ...fields,
    id,
    name: `Place ${id.slice(-4)}`,
    changedAtMs: NOW.getTime() - changedDaysAgo * DAY_MS,
    thumbnailKey: null,
    hasEvents: false,
    live: null,
    closedUntilMs: closedForHours === 0 ? 0 : NOW.getTime() + closedForHours * 3_600_000,
    timeZone: 'Europe/Berlin',
    names: null,
  };
}

const filtersArbitrary: fc.Arbitrary<MapFilters> = fc.record(
  {
    indoor: fc.boolean(),
    free: fc.boolean(),
    ageRange: fc.constantFrom<AgeRange | ''>('', ...AGE_RANGES),
    popular: fc.boolean(),
    recentlyAdded: fc.boolean(),
    has: fc.subarray([...FACT_FILTERS], { maxLength: 2 }),
    equipment: fc.subarray([...EQUIPMENT_KINDS], { maxLength: 2 }),
    openAt: fc.constant(NOW),
    openNow: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** The filters read plainly from a place object, one rule after another. */
function passes(place: MapPlace, filters: MapFilters): boolean {
  if (filters.indoor !== undefined && place.indoor !== filters.indoor) return false;
  if (filters.free !== undefined && place.free !== filters.free) return false;
  if (filters.ageRange && !place.ageRanges.includes(filters.ageRange as AgeRange)) return false;
  const popularity = {
    votes: { up: place.upVotes, down: place.downVotes },
    visitCount: place.visitCount,
    commentCount: place.commentCount,
  };
  if (filters.popular && !isPopular(popularity)) return false;
  if (filters.recentlyAdded && place.changedAtMs < NOW.getTime() - RECENT_HOURS * 3_600_000) return false;
  const facts = factMaskOf(filters.has ?? []);
  if ((place.factMask & facts) !== facts) return false;
  const equipment = equipmentMaskOf(filters.equipment ?? []);
  if ((place.equipmentMask & equipment) !== equipment) return false;
  if (filters.openAt && place.closedUntilMs > filters.openAt.getTime()) return false;
  if (filters.openNow) {
    const hours = place.openingHours === null ? null : parseOpeningHours(place.openingHours);
    if (!isOpenAt(hours, place.timeZone, NOW)) return false;
  }
  return true;
}

const inBox = (box: Box, place: MapPlace) =>
  place.latitude >= box.south &&
  place.latitude <= box.north &&
  place.longitude >= box.west &&
  place.longitude <= box.east;

it('finds in a box and near a centre exactly the places the plain rules pick', () => {
  fc.assert(
    fc.property(
      fc.array(placeArbitrary, { minLength: 1, maxLength: 300 }),
      fc.array(fc.tuple(fc.nat(), fc.option(placeArbitrary, { freq: 3 })), { maxLength: 30 }),
      filtersArbitrary,
      fc.record({
        lat: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        lng: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        halfWidth: fc.double({ min: 0.001, max: 0.3, noNaN: true }),
        radiusKm: fc.constantFrom(0.3, 1, 5, 30),
        limit: fc.integer({ min: 1, max: 60 }),
      }),
      fc.array(fc.double({ noNaN: true }), { minLength: 300, maxLength: 300 }),
      fc.array(fc.tuple(fc.nat(), placeArbitrary), { maxLength: 3 }),
      (drawn, changes, filters, question, orderKeys, stale) => {
        const places = new Map<string, MapPlace>();
        // A build reads the table in its order on disk, and a row moved meanwhile comes twice.
        const added = drawn.map((fields, i) => mapPlaceOf(idOf(i), fields));
        for (const place of added) places.set(place.id, place);
        const copies = stale.map(([target, fields]) => mapPlaceOf(idOf(target % drawn.length), fields));
        const read = [...added, ...copies]
          .map((place, i) => ({ place, key: orderKeys[i] ?? i }))
          .sort((a, b) => a.key - b.key);
        const builder = MapIndex.builder(drawn.length);
        for (const { place } of read) builder.add(place);
        const index = builder.seal();
        // The build's catch-up reads each moved place again.
        for (const copy of copies) index.apply(copy.id, places.get(copy.id) ?? null);
        expect(index.size).toBe(drawn.length);
        // Moves, edits and removals of base places, and places added since (the overlay).
        changes.forEach(([target, fields], i) => {
          const id = target % 2 === 0 ? idOf(target % drawn.length) : idOf(drawn.length + i);
          const place = fields === null ? null : mapPlaceOf(id, fields);
          index.apply(id, place);
          if (place === null) places.delete(id);
          else places.set(id, place);
        });
        const all = [...places.values()];
        const { lat, lng, halfWidth, radiusKm, limit } = question;

        const box = {
          west: lng - halfWidth,
          east: lng + halfWidth,
          south: lat - halfWidth,
          north: lat + halfWidth,
        };
        const found = index.inBox(box, filters, NOW).map((slot) => index.store.idOf(slot));
        const expected = all
          .filter((place) => inBox(box, place) && passes(place, filters))
          .map(({ id }) => id);
        expect(new Set(found).size).toBe(found.length);
        expect([...found].sort()).toEqual(expected.sort());

        const centre = { lat, lng };
        const near = index.near({ centre, radiusKm, filters, limit, offset: 0, now: NOW });
        const nearest = all
          .filter((place) => passes(place, filters))
          .map((place) => ({
            id: place.id,
            distanceKm: sphereDistanceKm(centre, place.latitude, place.longitude),
          }))
          .filter((place) => place.distanceKm <= radiusKm)
          .sort((a, b) => a.distanceKm - b.distanceKm)
          .slice(0, limit);
        expect(near.map(({ distanceKm }) => distanceKm)).toEqual(nearest.map(({ distanceKm }) => distanceKm));
        for (const { slot } of near) {
          const place = places.get(index.store.idOf(slot));
          expect(place && passes(place, filters)).toBe(true);
        }
      },
    ),
    { numRuns: 300 },
  );
});
