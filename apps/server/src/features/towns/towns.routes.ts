import { apiErrorSchema, townListSchema, townSearchQuerySchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TownsService } from './towns.service.ts';

export const townsRoutes =
  (towns: TownsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/towns',
      {
        schema: {
          operationId: 'searchTowns',
          summary:
            'Towns and suburbs by name (GeoNames, CC BY 4.0): exact and prefix first, then population, then distance',
          tags: ['search'],
          querystring: townSearchQuerySchema,
          response: { 200: townListSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        // The same name gives the same towns for a day: phones and a CDN may keep the answer.
        void reply.header('cache-control', 'public, max-age=86400');
        return towns.search(request.query);
      },
    );
  };
