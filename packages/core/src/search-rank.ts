/**
 * How search results are ordered: by how well the name matches and how far the place is,
 * together. A name that starts with the text beats one that merely contains it, but not by
 * any distance: "spielplatz" lists the playground 310 m away before one 3.4 km away whose
 * name happens to start with the word. The server's SQL computes the same score from these
 * weights (the server's search.repository.ts searchPlaceRows).
 *
 *   score = match weight − DISTANCE_WEIGHT × ln(1 + km)
 */

/** How the name matches the searched text, best first, and what each match is worth. */
export const SEARCH_MATCH_WEIGHTS = {
  /** The whole name (case-insensitive). */
  exact: 1,
  /** The name starts with the text. */
  prefix: 0.8,
  /** A word of the name starts with the text. */
  wordStart: 0.7,
  /** The text is somewhere in the name. */
  substring: 0.5,
  /** One of the text's words is one of the name's words (search keywords). */
  keyword: 0.45,
  /** Only similar (a typo): its trigram similarity (0–1) times this. */
  similar: 0.5,
} as const;
export type SearchMatch = keyof typeof SEARCH_MATCH_WEIGHTS;

/** Each doubling-ish of distance costs about this much: 300 m ≈ 0.07, 3 km ≈ 0.35, 50 km ≈ 0.98. */
export const SEARCH_DISTANCE_WEIGHT = 0.25;

/**
 * A result's score (higher first). `similarity` counts only for a 'similar' match; a null
 * distance (no centre given) ranks by the match alone.
 */
export function searchScore(match: SearchMatch, distanceKm: number | null, similarity = 1): number {
  const weight =
    match === 'similar' ? SEARCH_MATCH_WEIGHTS.similar * similarity : SEARCH_MATCH_WEIGHTS[match];
  return distanceKm === null ? weight : weight - SEARCH_DISTANCE_WEIGHT * Math.log1p(Math.max(0, distanceKm));
}
