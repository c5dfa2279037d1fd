/** Town search (issue 33): the gazetteer, once loaded, asked through core's ranking. */
import type { TownList, TownSearchQuery } from '@playspot/core';
import type { Gazetteer } from './gazetteer.ts';

export function createTownsService(deps: { gazetteer: () => Promise<Gazetteer> }) {
  return {
    async search(query: TownSearchQuery): Promise<TownList> {
      const gazetteer = await deps.gazetteer();
      const near =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
      return {
        items: gazetteer.search(query.q, near, query.limit).map(({ town, match, distanceKm }) => ({
          ...town,
          match,
          ...(distanceKm === null ? {} : { distanceKm: Math.round(distanceKm * 1000) / 1000 }),
        })),
      };
    },
  };
}

export type TownsService = ReturnType<typeof createTownsService>;
