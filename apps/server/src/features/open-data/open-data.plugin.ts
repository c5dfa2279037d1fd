/** The open data's registration (app.ts): a box's places, then the daily files. */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { openDataRoutes } from './open-data.routes.ts';
import { openDumpsRoutes } from './open-dumps.routes.ts';

export async function registerOpenDataFeature(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; conditionsOf: Parameters<typeof openDataRoutes>[1]; now: () => Date },
): Promise<void> {
  await app.register(openDataRoutes(deps.database, deps.conditionsOf));
  await app.register(openDumpsRoutes(deps.database, deps.conditionsOf, deps.now));
}
