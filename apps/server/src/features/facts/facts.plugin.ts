/**
 * The facts feature's registration (app.ts). Its service is built first (a place's page
 * answer shows its facts and equipment), its routes registered in their turn.
 */
import type { FastifyInstance } from 'fastify';
import { factsRoutes } from './facts.routes.ts';
import { createFactsService, type FactsDeps, type FactsService } from './facts.service.ts';

export function createFactsFeature(deps: FactsDeps): FactsService {
  return createFactsService(deps);
}

export async function registerFactsFeature(
  app: FastifyInstance,
  deps: { facts: FactsService },
): Promise<void> {
  await app.register(factsRoutes(deps.facts));
}
