/** The favourites feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { favouritesRoutes } from './favourites.routes.ts';
import { createFavouritesService, type FavouritesDeps } from './favourites.service.ts';

export async function registerFavouritesFeature(app: FastifyInstance, deps: FavouritesDeps): Promise<void> {
  await app.register(favouritesRoutes(createFavouritesService(deps)));
}
