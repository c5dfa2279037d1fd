/** The towns feature's registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { sharedGazetteer, type Gazetteer } from './gazetteer.ts';
import { townsRoutes } from './towns.routes.ts';
import { createTownsService } from './towns.service.ts';

/** `gazetteer`: the towns to search; the process's shared gazetteer (loaded once) when absent. */
export async function registerTownsFeature(
  app: FastifyInstance,
  deps: { gazetteer?: (() => Promise<Gazetteer>) | undefined },
): Promise<void> {
  await app.register(townsRoutes(createTownsService({ gazetteer: deps.gazetteer ?? sharedGazetteer })));
}
