/**
 * "Where am I" checks for the map (issue 28, part 4): the map's centre and the nearby list
 * must be about the same spot. The centre comes from the map section's data-center (Leaflet
 * keeps it out of the DOM); the first row's distance is checked against the distance from
 * that centre to the row's place, measured here with Turf, not with the app's own code.
 */
import distance from '@turf/distance';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Spot {
  readonly lat: number;
  readonly lng: number;
}

/** The map at its resting place is within this of where it should be (the bound). */
export const CENTRE_TOLERANCE_KM = 0.1;

const LIST_LABEL = { en: 'Play spots, nearest first', de: 'Spielorte, die nächsten zuerst' } as const;
export type Language = keyof typeof LIST_LABEL;

export function kmBetween(a: Spot, b: Spot): number {
  return distance([a.lng, a.lat], [b.lng, b.lat], { units: 'kilometers' });
}

/** The map's resting centre, or null before the map has drawn. */
export async function mapCentre(page: Page): Promise<Spot | null> {
  // Found by its data, not its name: the map's label is in the page's language.
  const text = await page.locator('section[data-center]').getAttribute('data-center');
  if (text === null) return null;
  const [lat, lng] = text.split(',').map(Number);
  return lat === undefined || lng === undefined ? null : { lat, lng };
}

/** Waits until the map rests within CENTRE_TOLERANCE_KM of `spot` (a fly-to takes a moment). */
export async function expectMapCentredOn(page: Page, spot: Spot, message?: string): Promise<Spot> {
  await expect
    .poll(
      async () => {
        const centre = await mapCentre(page);
        return centre === null ? Number.POSITIVE_INFINITY : kmBetween(centre, spot);
      },
      { message: message ?? `map centre within 100 m of ${spot.lat}, ${spot.lng}`, timeout: 15_000 },
    )
    .toBeLessThan(CENTRE_TOLERANCE_KM);
  const centre = await mapCentre(page);
  if (centre === null) throw new Error('map not drawn');
  return centre;
}

/**
 * '440 m away', '1.2 km from map centre', '17 760 km away', '1,2 km entfernt' → km, with half
 * its rounding step. Thousands are grouped with a space in English (core formatDistance).
 */
function shownKm(text: string, language: Language): { km: number; roundingKm: number } {
  const match = /(\d[\d.,\s]*?)\s*(k?m)\b/u.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no distance in "${text}"`);
  const digits =
    language === 'de' ? match[1].replace(/[.\s]/gu, '').replace(',', '.') : match[1].replace(/[,\s]/gu, '');
  const value = Number(digits);
  if (match[2] === 'm') return { km: value / 1000, roundingKm: 0.005 };
  return { km: value, roundingKm: value < 10 ? 0.05 : 0.5 };
}

/** The place of a list row, by its name, from the server's own list around `near`. */
async function placeNamed(request: APIRequestContext, name: string, near: Spot): Promise<Spot> {
  const answer = await request.get('/api/locations/summaries', {
    params: { lat: near.lat, lng: near.lng, limit: 50 },
  });
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: { name: string; lat: number; lng: number }[] };
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`"${name}" is not among the places near ${near.lat}, ${near.lng}`);
  return { lat: found.lat, lng: found.lng };
}

/**
 * The map rests within 100 m of `spot`, and the first row's distance is its place's distance
 * from the map's centre (within those 100 m and the shown rounding). The row is checked until
 * it agrees: just after the map moved, the list may still show the places it had while the
 * answer for the new centre is on its way.
 */
export async function expectMapAndListOn(
  page: Page,
  spot: Spot,
  options: { readonly language?: Language; readonly origin?: 'you' | 'map-centre' } = {},
): Promise<void> {
  const language = options.language ?? 'en';
  const centre = await expectMapCentredOn(page, spot);
  const firstRow = page.getByRole('list', { name: LIST_LABEL[language] }).getByRole('listitem').first();
  await expect(async () => {
    const name = (await firstRow.locator('.font-display').first().innerText()).trim();
    // The distance is the row's bold text: '440 m away', or from the map centre.
    const distanceText = (await firstRow.locator('.font-bold').first().innerText()).trim();
    if (options.origin === 'map-centre') expect(distanceText).toMatch(/from map centre|von der Kartenmitte/u);
    if (options.origin === 'you') expect(distanceText).toMatch(/ away$|entfernt$/u);
    const shown = shownKm(distanceText, language);
    const place = await placeNamed(page.request, name, centre);
    const fromCentre = kmBetween(centre, place);
    expect(
      Math.abs(shown.km - fromCentre),
      `"${name}" is shown ${shown.km} km away; from the map's centre it is ${fromCentre.toFixed(3)} km`,
    ).toBeLessThanOrEqual(CENTRE_TOLERANCE_KM + shown.roundingKm);
  }).toPass({ timeout: 10_000 });
}
