/** The users feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export async function registerUsersFeature(
  app: FastifyInstance,
  deps: Parameters<typeof createUsersService>[0],
): Promise<void> {
  await app.register(usersRoutes(createUsersService(deps)));
}
