/** The live updates' registration (app.ts). */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LIVE_LIMITS, LiveHub, type LiveLimits } from './live-hub.ts';
import { liveRoutes } from './live.routes.ts';

/** Where the changes come from: the map index keeper's one change follower. */
export interface ChangeFeed {
  onChanges(listener: (applied: Parameters<LiveHub['receive']>[0]) => void): () => void;
}

/**
 * Live updates ride on the map index's one change follower: off with it (`changes` null).
 * Open streams end when the app closes (browsers reconnect to another process).
 */
export async function registerLiveFeature(
  app: FastifyInstance,
  deps: { changes: ChangeFeed | null; limits?: Partial<LiveLimits> | undefined },
): Promise<void> {
  let hub: LiveHub | null = null;
  if (deps.changes) {
    const live = new LiveHub({ ...DEFAULT_LIVE_LIMITS, ...deps.limits });
    const stop = deps.changes.onChanges((applied) => {
      live.receive(applied);
    });
    app.addHook('preClose', (done) => {
      stop();
      live.closeAll();
      done();
    });
    hub = live;
  }
  await app.register(liveRoutes(hub));
}
