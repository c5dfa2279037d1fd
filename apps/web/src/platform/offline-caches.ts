/**
 * The service worker's caches, seen from the page (Cache Storage): emptied when the person
 * signed in changes, so one person's saved answers are never shown to the next.
 */

export async function clearCaches(names: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(
    names.map(async (name) => {
      try {
        await caches.delete(name);
      } catch (error) {
        console.warn(`Could not clear the saved answers in "${name}"`, error);
      }
    }),
  );
}

/** When the saved answer for `url` in `cacheName` was given (its Date header), or null. */
export async function savedAnswerDate(cacheName: string, url: string): Promise<Date | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const saved = await (await caches.open(cacheName)).match(url, { ignoreVary: true });
    const header = saved?.headers.get('date');
    if (!header) return null;
    const date = new Date(header);
    return Number.isNaN(date.getTime()) ? null : date;
  } catch {
    return null;
  }
}

const SAVED_PLACE_PATH = /\/api\/locations\/([0-9a-f-]{36})(?:\/page)?$/iu;

/** The place's name in a saved answer: a page answer's `place`, or a place itself. */
function savedPlaceName(body: unknown): string | null {
  const place = typeof body === 'object' && body !== null && 'place' in body ? body.place : body;
  return typeof place === 'object' && place !== null && 'name' in place && typeof place.name === 'string'
    ? place.name
    : null;
}

/** The places saved for offline use in `cacheName` (their own answers, not events or facts). */
export async function savedPlaces(cacheName: string): Promise<{ id: string; name: string }[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const cache = await caches.open(cacheName);
    // A place's page answer (its `place`), or the place's own answer saved by an older version.
    const keys = (await cache.keys()).flatMap((key) => {
      const id = SAVED_PLACE_PATH.exec(new URL(key.url).pathname)?.[1];
      return id === undefined ? [] : [{ key, id }];
    });
    const places = await Promise.all(
      keys.map(async ({ key, id }) => {
        const body: unknown = await (await cache.match(key))?.json();
        const name = savedPlaceName(body);
        return name === null ? [] : [{ id, name }];
      }),
    );
    const unique = new Map(places.flat().map((place) => [place.id, place]));
    return [...unique.values()].sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}
