/**
 * The checksum the store keeps as places are written and removed equals the sums counted
 * afresh over its slots and, from the place objects, the rule the SQL sums by
 * (databaseChecksum): for random places, renames (any UTF-8), photos, moves, removals,
 * additions and a compaction.
 */
import { AGE_RANGES } from '@playspot/core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MapIndex } from './map-index.ts';
import { type MapPlace } from './map-place.ts';
import { compareChecksums, emptyChecksum, storeChecksum, type PlaceChecksum } from './place-checksum.ts';

const idOf = (i: number) =>
  `${(0x10000000 + i * 7919).toString(16)}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

const placeArbitrary = fc.record({
  name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  latitude: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  longitude: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
  indoor: fc.constantFrom(true, false, null),
  free: fc.constantFrom(true, false, null),
  ageRanges: fc.subarray([...AGE_RANGES]),
  upVotes: fc.nat(50),
  downVotes: fc.nat(50),
  visitCount: fc.nat(30),
  commentCount: fc.nat(30),
  thumbnailKey: fc.option(fc.constant('photos/a.jpg')),
  factMask: fc.nat(255),
  equipmentMask: fc.nat(1 << 20),
  closedUntilMs: fc.constantFrom(0, 0, 1_800_000_000_000),
});
type Drawn = typeof placeArbitrary extends fc.Arbitrary<infer T> ? T : never;

const mapPlaceOf = (id: string, drawn: Drawn): MapPlace => ({
  ...drawn,
  id,
  changedAtMs: 0,
  hasEvents: false,
  names: null,
  live: null,
  openingHours: null,
  timeZone: 'Europe/Berlin',
});

const tri = (value: boolean | null) => (value === null ? 0 : value ? 2 : 1);

/** databaseChecksum's sums, read from the place objects. */
function plainChecksum(places: Iterable<MapPlace>): PlaceChecksum {
  const sums = emptyChecksum();
  for (const place of places) {
    const ages = AGE_RANGES.reduce(
      (mask, range, bit) => (place.ageRanges.includes(range) ? mask | (1 << bit) : mask),
      0,
    );
    sums.places++;
    sums.counters += place.upVotes + 3 * place.downVotes + 7 * place.visitCount + 11 * place.commentCount;
    sums.positions += Math.floor(place.latitude * 1e6) + 3 * Math.floor(place.longitude * 1e6);
    sums.names += Buffer.byteLength(place.name);
    sums.attributes += tri(place.indoor) + 3 * tri(place.free) + 9 * ages + 144 * place.factMask;
    if (place.thumbnailKey !== null) sums.thumbnails++;
    if (place.closedUntilMs > 0) sums.closed++;
    sums.equipment += place.equipmentMask;
    sums.ids += Number.parseInt(place.id.slice(0, 8), 16);
  }
  return sums;
}

it('keeps the checksum as places change, equal to the sums counted afresh', () => {
  fc.assert(
    fc.property(
      fc.array(placeArbitrary, { minLength: 1, maxLength: 100 }),
      fc.array(fc.tuple(fc.nat(), fc.option(placeArbitrary, { freq: 3 })), { maxLength: 40 }),
      fc.boolean(),
      (drawn, changes, compact) => {
        const places = new Map<string, MapPlace>();
        const builder = MapIndex.builder(drawn.length);
        drawn.forEach((fields, i) => {
          const place = mapPlaceOf(idOf(i), fields);
          places.set(place.id, place);
          builder.add(place);
        });
        let index = builder.seal();
        expect(index.store.checksum()).toEqual(plainChecksum(places.values()));
        changes.forEach(([target, fields], i) => {
          const id = target % 2 === 0 ? idOf(target % drawn.length) : idOf(drawn.length + i);
          const place = fields === null ? null : mapPlaceOf(id, fields);
          index.apply(id, place);
          if (place === null) places.delete(id);
          else places.set(id, place);
        });
        if (compact) index = index.compacted();
        expect(index.store.checksum()).toEqual(storeChecksum(index.store));
        expect(index.store.checksum()).toEqual(plainChecksum(places.values()));
      },
    ),
    { numRuns: 200 },
  );
});

it('tells a difference at one moment from an index that has moved on (compareChecksums)', () => {
  const sums = { ...emptyChecksum(), places: 3, counters: 40 };
  const votedSince = { ...sums, counters: 41 };
  const table = { sums, seenVersion: 10 };
  const cases: [PlaceChecksum, number, ReturnType<typeof compareChecksums>][] = [
    [sums, 10, 'same'],
    // Applied changes the table's statement could not see: a vote committed in between.
    [sums, 12, 'same'],
    [votedSince, 11, 'moved-on'],
    // Nothing newer applied, yet the sums differ: the index is wrong.
    [votedSince, 10, 'different'],
    [votedSince, 9, 'different'],
    [{ ...sums, places: 2 }, 10, 'different'],
  ];
  for (const [indexSums, newestApplied, verdict] of cases) {
    expect(compareChecksums(table, { sums: indexSums, newestApplied })).toBe(verdict);
  }
});
