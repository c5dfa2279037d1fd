/**
 * Which cached answers live updates (issue 32) follow and refresh. The app layer knows every
 * feature's query keys: a place's own queries name it (['locations', 'one' | 'facts' |
 * 'conditions', id], ['events', 'location', id]); the map's views carry their box
 * (['locations', 'viewport', {box, zoom}, filters]); lists (My places, nearby, search) hold
 * `items` with ids.
 */
import { boundingBoxContains, type BoundingBox, type LiveChange } from '@playspot/core';
import type { QueryKey } from '@tanstack/react-query';
import type { LiveFollowing } from '../lib/live-stream.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CachedQuery {
  readonly queryKey: QueryKey;
  readonly data: unknown;
}

function itemIds(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || !('items' in data) || !Array.isArray(data.items))
    return [];
  return data.items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string' ? [item.id] : [],
  );
}

function viewportBox(queryKey: QueryKey): BoundingBox | null {
  if (queryKey[0] !== 'locations' || queryKey[1] !== 'viewport') return null;
  const viewport = queryKey[2];
  if (typeof viewport !== 'object' || viewport === null || !('box' in viewport)) return null;
  return viewport.box as BoundingBox;
}

/** The place a query is about, when its key names one. */
function placeOf(queryKey: QueryKey): string | null {
  const id = queryKey[2];
  return (queryKey[0] === 'locations' || queryKey[0] === 'events') && typeof id === 'string' && UUID.test(id)
    ? id
    : null;
}

/** What the queries on screen show: the places they name or list, and the map's view. */
export function liveFollowingOf(onScreen: readonly CachedQuery[]): LiveFollowing {
  const places = new Set<string>();
  let box: BoundingBox | null = null;
  for (const query of onScreen) {
    const place = placeOf(query.queryKey);
    if (place !== null) places.add(place);
    box = viewportBox(query.queryKey) ?? box;
  }
  // Lists after the places opened: those come first when there are too many to follow.
  for (const query of onScreen) for (const id of itemIds(query.data)) places.add(id);
  return { places: [...places], box };
}

/** Whether a cached answer may show the place that changed. */
export function showsChange(query: CachedQuery, change: LiveChange): boolean {
  if (placeOf(query.queryKey) === change.locationId) return true;
  const box = viewportBox(query.queryKey);
  if (box !== null) return change.position !== null && boundingBoxContains(box, change.position);
  return itemIds(query.data).includes(change.locationId);
}
