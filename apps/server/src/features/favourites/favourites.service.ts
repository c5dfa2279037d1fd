/**
 * Favourites ("My places", issue 18): a parent saves a place with one tap and finds it again,
 * nearest first. Saving twice or removing twice changes nothing.
 */
import {
  ERROR_MESSAGES,
  MAX_FAVOURITES,
  type FavouriteList,
  type FavouritesQuery,
  type FavouriteState,
  type LatLng,
  type PlaceSummary,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { PlaceExists } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './favourites.repository.ts';

export interface FavouritesDeps {
  database: DatabaseHandle;
  placeExists: PlaceExists;
  /** The map's summaries of these places (with distances from `centre` when given). */
  summariesOf: (ids: string[], centre: LatLng | null) => Promise<PlaceSummary[]>;
  now?: () => Date;
}

export function createFavouritesService(deps: FavouritesDeps) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  return {
    async save(userId: string, locationId: string): Promise<FavouriteState> {
      await db.transaction(async (tx) => {
        // Held until commit: the place cannot be deleted between the check and the insert.
        if (!(await deps.placeExists(tx, locationId))) throw notFound(ERROR_MESSAGES.placeDoesNotExist);
        if ((await repository.countFavourites(tx, userId)) >= MAX_FAVOURITES) {
          throw new AppError(
            409,
            'too_many_favourites',
            `You have saved ${MAX_FAVOURITES} places: remove one from My places to save another.`,
          );
        }
        await repository.saveFavourite(tx, userId, locationId, now());
      });
      return { saved: true };
    },

    async remove(userId: string, locationId: string): Promise<FavouriteState> {
      await repository.removeFavourite(db, userId, locationId);
      return { saved: false };
    },

    async list(userId: string, query: FavouritesQuery): Promise<FavouriteList> {
      const saved = await repository.listFavourites(db, userId, MAX_FAVOURITES);
      const centre =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
      const summaries = new Map(
        (
          await deps.summariesOf(
            saved.map((row) => row.locationId),
            centre,
          )
        ).map((summary) => [summary.id, summary]),
      );
      const items = saved.flatMap(({ locationId, savedAt }) => {
        const summary = summaries.get(locationId);
        return summary ? [{ ...summary, savedAt: savedAt.toISOString() }] : [];
      });
      // Nearest first from where the parent is; without a position, the newest saved first.
      if (centre) items.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
      return { items };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
