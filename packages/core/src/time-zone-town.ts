/**
 * The town a device's time zone is named after (issue 45: location denied left a parent in
 * Lübeck looking at Auckland): "Europe/Berlin" → "Berlin", "America/New_York" → "New York".
 * The map may offer it as a guess to search for; the zone is the device's own setting
 * (Intl.DateTimeFormat().resolvedOptions().timeZone), so guessing tells nobody anything, and
 * only the town's name is searched for, and only once the parent taps it.
 *
 * IANA names a zone after its most populous place, so the name is usually a town the
 * gazetteer knows. Zones named after no town give null: UTC and Etc/GMT+1, the legacy
 * country zones (US/Pacific, Canada/Eastern) and Antarctica's stations. A name that is no
 * town (Atlantic/Canary, Europe/Isle_of_Man) comes through: the search then finds no exact
 * match, and the caller offers the search box instead.
 */

/** Areas whose zones are not named after a town. */
const NOT_TOWNS = new Set(['Etc', 'SystemV', 'US', 'Canada', 'Brazil', 'Chile', 'Mexico', 'Antarctica']);

export function timeZoneTown(zone: string): string | null {
  const parts = zone.trim().split('/');
  const area = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (parts.length < 2 || NOT_TOWNS.has(area)) return null;
  // Etc/GMT+1 is caught above; "GMT0" or "Factory"-style names carry digits or no letters.
  if (!/^\p{L}[\p{L}\p{M}_'.-]*$/u.test(last)) return null;
  return last.replaceAll('_', ' ');
}
