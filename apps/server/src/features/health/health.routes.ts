import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { MapIndexStatus } from '../map/index.ts';
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
  /** The map index of this process (features/map): the map reads SQL until ready. */
  mapIndex: z.object({
    state: z.enum(['building', 'ready', 'failed', 'off']),
    places: z.number().int(),
    buildMs: z.number().int().nullable(),
    /** How much the process's resident memory grew while the index was last built (bytes). */
    buildRssDeltaBytes: z.number().int().nullable().optional(),
    version: z.number().int(),
    /** This process's viewport answers kept for repeated URLs (absent when the index is off). */
    answerCache: z
      .object({
        entries: z.number().int(),
        bytes: z.number().int(),
        hits: z.number().int(),
        misses: z.number().int(),
      })
      .optional(),
  }),
  runtime: z.object({ node: z.string() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes =
  (database: DatabaseHandle, mapIndexStatus: () => MapIndexStatus | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Liveness, database status and whether the map index is ready',
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
          mapIndex: mapIndexStatus() ?? { state: 'off' as const, places: 0, buildMs: null, version: 0 },
          runtime: { node: process.version },
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
    );
  };
