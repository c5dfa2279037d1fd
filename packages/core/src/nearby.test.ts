import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FURTHER_RADIUS_KM, NEAR_RADIUS_KM, nearbySections } from './nearby.ts';

const at = (...distances: number[]) => distances.map((distanceKm) => ({ distanceKm }));

describe('nearbySections', () => {
  it.each<[string, number[], number | null, number[], number[]]>([
    ['Lübeck with Auckland in the data: Auckland is not listed', [1.2, 17_756, 17_757], null, [1.2], []],
    ['near, further and beyond', [30, 2, 25, 149.9, 150, 151], null, [2, 25], [30, 149.9, 150]],
    ['nothing near: only the further section', [40, 80], null, [], [40, 80]],
    ['nothing within reach at all', [17_755], null, [], []],
    ['a chosen radius replaces the default, with no further section', [2, 8, 30], 10, [2, 8], []],
    ['a chosen wide radius reaches far', [2, 300], 500, [2, 300], []],
  ])('%s', (_label, distances, radius, near, further) => {
    const sections = nearbySections(at(...distances), radius);
    expect(sections.near.map((entry) => entry.distanceKm)).toEqual(near);
    expect(sections.further.map((entry) => entry.distanceKm)).toEqual(further);
    expect(sections.radiusKm).toBe(radius ?? NEAR_RADIUS_KM);
  });

  it('never lists a place beyond the reach, lists each place once, nearest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 20_000, noNaN: true }), { maxLength: 60 }),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
        (distances, radius) => {
          const { near, further } = nearbySections(at(...distances), radius);
          const listed = [...near, ...further].map((entry) => entry.distanceKm);
          const reach = radius ?? FURTHER_RADIUS_KM;
          expect(listed.every((km) => km <= reach)).toBe(true);
          expect(listed).toEqual([...listed].sort((a, b) => a - b));
          expect(listed.length).toBe(distances.filter((km) => km <= reach).length);
          expect(near.every((entry) => entry.distanceKm <= (radius ?? NEAR_RADIUS_KM))).toBe(true);
        },
      ),
      { seed: 32 },
    );
  });
});
