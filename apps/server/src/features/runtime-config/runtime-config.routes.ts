/**
 * GET /api/config: the settings the web app reads at run time (the map's tiles), so an
 * operator changes tile provider by restarting the server with TILE_URL, never by rebuilding.
 */
import { runtimeConfigSchema, type RuntimeConfig } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const runtimeConfigRoutes =
  (runtimeConfig: RuntimeConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config',
      {
        schema: {
          operationId: 'getRuntimeConfig',
          summary: "The web app's run-time settings: the map's tile URL, its attribution, offline caching",
          tags: ['system'],
          response: { 200: runtimeConfigSchema },
        },
        config: { access: 'public' },
      },
      async (_request, reply) => {
        // Revalidated on every start of the app: a restarted server's new provider is seen at once.
        void reply.header('cache-control', 'no-cache');
        return runtimeConfig;
      },
    );
  };
