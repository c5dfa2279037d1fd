/**
 * Place use cases, one module each: reading places and the map (place-reads.ts),
 * adding, editing and removing them (place-writes.ts), votes, tag votes and visits
 * (place-votes.ts), all sharing one context (places-context.ts).
 */
import { createPlaceReads } from './place-reads.ts';
import { createPlaceViews } from './place-views.ts';
import { createPlaceVotes } from './place-votes.ts';
import { createPlaceWrites } from './place-writes.ts';
import type { PlacesContext, PlacesDeps } from './places-context.ts';

export type { PlacesDeps } from './places-context.ts';

export function createPlacesService(deps: PlacesDeps) {
  const context: PlacesContext = { deps, db: deps.database.db, now: deps.now ?? (() => new Date()) };
  const views = createPlaceViews(context);
  return {
    ...createPlaceReads(context, views),
    ...createPlaceWrites(context, views),
    ...createPlaceVotes(context),
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
