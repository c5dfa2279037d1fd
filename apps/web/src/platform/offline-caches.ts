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
