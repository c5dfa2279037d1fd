/** The removal requests' registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { removalRequestsRoutes } from './removal-requests.routes.ts';
import { createRemovalRequestsService } from './removal-requests.service.ts';

export async function registerRemovalRequestsFeature(
  app: FastifyInstance,
  deps: Parameters<typeof createRemovalRequestsService>[0],
): Promise<void> {
  await app.register(removalRequestsRoutes(createRemovalRequestsService(deps)));
}
