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

/** The places saved for offline use in `cacheName` (their own answers, not events or facts). */
export async function savedPlaces(cacheName: string): Promise<{ id: string; name: string }[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const cache = await caches.open(cacheName);
    const keys = (await cache.keys()).filter((key) =>
      /\/api\/locations\/[0-9a-f-]{36}$/i.test(new URL(key.url).pathname),
    );
    const places = await Promise.all(
      keys.map(async (key) => {
        const body: unknown = await (await cache.match(key))?.json();
        const id = new URL(key.url).pathname.split('/').pop() ?? '';
        return typeof body === 'object' && body !== null && 'name' in body && typeof body.name === 'string'
          ? [{ id, name: body.name }]
          : [];
      }),
    );
    return places.flat().sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}
