/**
 * The conditions feature's registration (app.ts). Its service is built first (other features
 * show the conditions' briefs), its routes registered in their turn.
 */
import type { FastifyInstance } from 'fastify';
import { conditionsRoutes } from './conditions.routes.ts';
import {
  createConditionsService,
  type ConditionsDeps,
  type ConditionsService,
} from './conditions.service.ts';

export function createConditionsFeature(deps: ConditionsDeps): ConditionsService {
  return createConditionsService(deps);
}

export async function registerConditionsFeature(
  app: FastifyInstance,
  deps: { conditions: ConditionsService },
): Promise<void> {
  await app.register(conditionsRoutes(deps.conditions));
}
