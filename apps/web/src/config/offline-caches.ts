/**
 * Names of the service worker's runtime caches (vite.config.ts builds the worker with them;
 * platform/offline-caches.ts clears the personal ones). Pure constants: the build reads this
 * file too.
 */
export const OFFLINE_CACHES = {
  /** Lists and map views of areas looked at (summaries, viewport, today's events). */
  areas: 'playspot-areas',
  /** Places opened (the full place with the caller's own votes), their events and facts. */
  places: 'playspot-places',
  /** Who is signed in (/api/me), so a signed-in person can still write offline. */
  person: 'playspot-person',
  /** My places (the places the signed-in person saved), so the list opens offline. */
  myPlaces: 'playspot-my-places',
  /** Photo thumbnails of the places and areas above. */
  thumbnails: 'playspot-thumbnails',
  /** Map tiles, only when the provider allows keeping them (the server's TILE_OFFLINE). */
  tiles: 'playspot-tiles',
  /** The server's run-time settings (GET /api/config): the tile provider, whether it may be kept. */
  config: 'playspot-config',
  /** Code and fonts not in the precached app shell (rarely used pages). */
  assets: 'playspot-assets',
} as const;

/** Caches holding answers that may depend on who was signed in: cleared when that changes. */
export const PERSONAL_CACHES: readonly string[] = [
  OFFLINE_CACHES.areas,
  OFFLINE_CACHES.places,
  OFFLINE_CACHES.person,
  OFFLINE_CACHES.myPlaces,
];

/** How long saved places and areas are kept, and how many. */
export const SAVED_DAYS = 7;
export const SAVED_PLACES = 50;
export const SAVED_AREAS = 30;
export const SAVED_THUMBNAILS = 150;
/** About 15-30 MB of tiles: a few neighbourhoods at street level. */
export const SAVED_TILES = 600;
