/**
 * Location use cases, one module each: reading places and the map (location-reads.ts),
 * adding, editing and removing them (location-writes.ts), votes, tag votes and visits
 * (location-votes.ts), all sharing one context (locations-context.ts).
 */
import { createLocationReads } from './location-reads.ts';
import { createLocationViews } from './location-views.ts';
import { createLocationVotes } from './location-votes.ts';
import { createLocationWrites } from './location-writes.ts';
import type { LocationsContext, LocationsDeps } from './locations-context.ts';

export type { LocationsDeps } from './locations-context.ts';

export function createLocationsService(deps: LocationsDeps) {
  const context: LocationsContext = { deps, db: deps.database.db, now: deps.now ?? (() => new Date()) };
  const views = createLocationViews(context);
  return {
    ...createLocationReads(context, views),
    ...createLocationWrites(context, views),
    ...createLocationVotes(context),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
