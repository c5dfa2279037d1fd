/** The place page feature's registration (app.ts): one read for a place's page (issue 42). */
import type { FastifyInstance } from 'fastify';
import { placePageRoutes } from './place-page.routes.ts';
import { createPlacePageService, type PlacePageDeps, type PlacePageService } from './place-page.service.ts';

export function createPlacePageFeature(deps: PlacePageDeps): PlacePageService {
  return createPlacePageService(deps);
}

export async function registerPlacePageFeature(
  app: FastifyInstance,
  deps: { pages: PlacePageService },
): Promise<void> {
  await app.register(placePageRoutes(deps.pages));
}
