import { idParamsSchema, placePageSchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlacePageService } from './place-page.service.ts';

export const placePageRoutes =
  (pages: PlacePageService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/locations/:id/page',
      {
        schema: {
          operationId: 'getLocationPage',
          summary:
            "Everything a place's page shows first, in one read: the place with its comments, facts, equipment, live conditions, events and nearest named place",
          tags: ['locations'],
          params: idParamsSchema,
          response: { 200: placePageSchema },
        },
        config: { access: 'public' },
      },
      async (request) => pages.pageOf(request.params.id, request.user),
    );
  };
