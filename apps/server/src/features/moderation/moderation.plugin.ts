/** The moderation feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationService } from './moderation.service.ts';

export async function registerModerationFeature(
  app: FastifyInstance,
  deps: Parameters<typeof createModerationService>[0],
): Promise<void> {
  await app.register(moderationRoutes(createModerationService(deps)));
}
