/**
 * The comments feature's registration (app.ts). Its service is built first (a place's page
 * lists its comments), its routes registered in their turn.
 */
import type { FastifyInstance } from 'fastify';
import { commentsRoutes } from './comments.routes.ts';
import { createCommentsService, type CommentsService } from './comments.service.ts';

export function createCommentsFeature(deps: Parameters<typeof createCommentsService>[0]): CommentsService {
  return createCommentsService(deps);
}

export async function registerCommentsFeature(
  app: FastifyInstance,
  deps: { comments: CommentsService },
): Promise<void> {
  await app.register(commentsRoutes(deps.comments));
}
