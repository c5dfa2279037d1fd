import {
  favouriteListSchema,
  favouritesQuerySchema,
  favouriteStateSchema,
  idParamsSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { FavouritesService } from './favourites.service.ts';

export const favouritesRoutes =
  (favourites: FavouritesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['favourites'];

    app.get(
      '/api/me/favourites',
      {
        schema: {
          operationId: 'listMyFavourites',
          summary: 'My places: the places I saved, nearest first from lat/lng (else newest saved first)',
          tags,
          querystring: favouritesQuerySchema,
          response: { 200: favouriteListSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => favourites.list(signedInUser(request).id, request.query),
    );

    app.put(
      '/api/me/favourites/:id',
      {
        schema: {
          operationId: 'saveFavourite',
          summary: 'Save a place to My places (saving again changes nothing)',
          tags,
          params: idParamsSchema,
          response: { 200: favouriteStateSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => favourites.save(signedInUser(request).id, request.params.id),
    );

    app.delete(
      '/api/me/favourites/:id',
      {
        schema: {
          operationId: 'removeFavourite',
          summary: 'Remove a place from My places (removing again changes nothing)',
          tags,
          params: idParamsSchema,
          response: { 200: favouriteStateSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => favourites.remove(signedInUser(request).id, request.params.id),
    );
  };
