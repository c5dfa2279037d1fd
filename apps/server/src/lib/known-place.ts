/**
 * A place's page reads the place first (404 when there is none), then its parts: comments,
 * facts, equipment, conditions, events, maintenance. Each part's read checks on its own that
 * the place exists, which made five of a page's sixteen statements the same `select id from
 * locations where id = $1`, on the path 8 % of the mixed traffic takes (issue 43). Inside
 * `whileKnown(id, read)` that check answers for this place without asking the database; the
 * check is asked as before everywhere else.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PlaceExists } from './capabilities.ts';

const knownPlace = new AsyncLocalStorage<string>();

/** `placeExists`, but true at once for the place a `whileKnown` read around the call names. */
export function placeExistsUnlessKnown(placeExists: PlaceExists): PlaceExists {
  return (db, locationId) =>
    knownPlace.getStore() === locationId ? Promise.resolve(true) : placeExists(db, locationId);
}

/** Runs `read` knowing that the place `locationId` exists (it was read just before). */
export function whileKnown<T>(locationId: string, read: () => Promise<T>): Promise<T> {
  return knownPlace.run(locationId, read);
}
