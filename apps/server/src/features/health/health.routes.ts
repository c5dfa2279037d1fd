import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { readDatabaseStatus } from './health.repository.ts';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.object({
    backend: z.enum(['pglite', 'postgres']),
    /** Tag of the newest applied migration. */
    migrationVersion: z.string().nullable(),
    migrationsApplied: z.number().int(),
    migrationsKnown: z.number().int(),
    postgisVersion: z.string(),
  }),
  runtime: z.object({ node: z.string() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          summary: 'Liveness and database status',
          tags: ['system'],
          response: { 200: healthResponse },
        },
        config: { access: 'public' },
      },
      async () => {
        const { migrations, postgisVersion } = await readDatabaseStatus(database);
        return {
          status: 'ok' as const,
          database: {
            backend: database.backend,
            migrationVersion: migrations.version,
            migrationsApplied: migrations.applied,
            migrationsKnown: migrations.known,
            postgisVersion,
          },
          runtime: { node: process.version },
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
    );
  };
