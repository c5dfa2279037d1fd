/** The analytics feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics.routes.ts';

export async function registerAnalyticsFeature(
  app: FastifyInstance,
  deps: Parameters<typeof analyticsRoutes>[0],
): Promise<void> {
  await app.register(analyticsRoutes(deps));
}
