/** What is worth sending: trimmed, at least SEARCH_MIN_CHARACTERS, at most core's maximum. */
import { SEARCH_QUERY_MAX_LENGTH } from '@playspot/core';

export const SEARCH_MIN_CHARACTERS = 2;

export function searchableText(typed: string): string | null {
  const text = typed.trim().replace(/\s+/gu, ' ').slice(0, SEARCH_QUERY_MAX_LENGTH);
  return text.length >= SEARCH_MIN_CHARACTERS ? text : null;
}
