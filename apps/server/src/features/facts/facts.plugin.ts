/** The facts feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { factsRoutes } from './facts.routes.ts';
import { createFactsService, type FactsDeps } from './facts.service.ts';

export async function registerFactsFeature(app: FastifyInstance, deps: FactsDeps): Promise<void> {
  await app.register(factsRoutes(createFactsService(deps)));
}
