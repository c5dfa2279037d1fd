/** What is worth sending: trimmed, at least SEARCH_MIN_CHARACTERS, at most core's maximum. */
import { SEARCH_QUERY_MAX_LENGTH } from '@playspot/core';

export const SEARCH_MIN_CHARACTERS = 2;

export function searchableText(typed: string): string | null {
  const text = typed.trim().replace(/\s+/gu, ' ').slice(0, SEARCH_QUERY_MAX_LENGTH);
  return text.length >= SEARCH_MIN_CHARACTERS ? text : null;
}

/** '350 m', '1.4 km', '12 km'. */
export function formatKm(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round(km * 100) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}
