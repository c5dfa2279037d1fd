/** The health feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { healthRoutes } from './health.routes.ts';

export async function registerHealthFeature(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; mapIndexStatus: Parameters<typeof healthRoutes>[1] },
): Promise<void> {
  await app.register(healthRoutes(deps.database, deps.mapIndexStatus));
}
