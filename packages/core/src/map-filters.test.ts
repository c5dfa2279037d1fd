import { describe, expect, it } from 'vitest';
import { askedFilters, MAP_FILTERS } from './map-filters.ts';

describe('askedFilters', () => {
  it('asks nothing of empty filters', () => {
    expect(askedFilters({})).toEqual([]);
    expect(askedFilters({ ageRange: '', has: [], equipment: [], popular: false, openNow: false })).toEqual(
      [],
    );
  });

  it('asks a yes/no field for false too (free=false keeps paid places)', () => {
    expect(askedFilters({ free: false }).map((asked) => [asked.name, asked.match, asked.value])).toEqual([
      ['free', 'equals', false],
    ]);
  });

  it('lists the asked filters in MAP_FILTERS order, each with its row', () => {
    const openAt = new Date('2026-11-27T00:00:00Z');
    const asked = askedFilters({ openNow: true, has: ['fenced'], ageRange: '2-5', openAt, indoor: true });
    expect(asked.map((filter) => filter.name)).toEqual(['ageRange', 'indoor', 'has', 'openAt', 'openNow']);
    for (const filter of asked) expect(filter.definition).toBe(MAP_FILTERS[filter.name]);
  });
});
