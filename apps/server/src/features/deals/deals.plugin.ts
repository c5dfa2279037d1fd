/** The deals feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { dealsRoutes } from './deals.routes.ts';
import { createDealsService } from './deals.service.ts';

export async function registerDealsFeature(
  app: FastifyInstance,
  deps: Parameters<typeof createDealsService>[0],
): Promise<void> {
  await app.register(dealsRoutes(createDealsService(deps)));
}
