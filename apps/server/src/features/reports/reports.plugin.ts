/** The reports feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

export async function registerReportsFeature(
  app: FastifyInstance,
  deps: Parameters<typeof createReportsService>[0],
): Promise<void> {
  await app.register(reportsRoutes(createReportsService(deps)));
}
