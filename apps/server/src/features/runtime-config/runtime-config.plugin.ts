/** The runtime configuration's registration (app.ts). */
import { OSM_PUBLIC_TILE_URL, OSM_TILE_ATTRIBUTION, type TileSettings } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { runtimeConfigRoutes } from './runtime-config.routes.ts';

/** `tiles`: the map's tiles as the web app gets them; OpenStreetMap's when absent. */
export async function registerRuntimeConfigFeature(
  app: FastifyInstance,
  deps: { tiles?: TileSettings | undefined },
): Promise<void> {
  await app.register(
    runtimeConfigRoutes({
      tiles: deps.tiles ?? { url: OSM_PUBLIC_TILE_URL, attribution: OSM_TILE_ATTRIBUTION, offline: false },
    }),
  );
}
