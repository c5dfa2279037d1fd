/** The app links' registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppLinksConfig } from '../../config.ts';
import { appLinksRoutes } from './app-links.routes.ts';

/** `appLinks`: what the files name (config); neither is served when absent. */
export async function registerAppLinksFeature(
  app: FastifyInstance,
  deps: { appLinks?: AppLinksConfig | undefined },
): Promise<void> {
  await app.register(appLinksRoutes(deps.appLinks ?? { appleAppIds: [], android: null }));
}
