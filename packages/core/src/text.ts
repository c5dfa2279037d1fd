/**
 * Text rules: text that can be stored at all, website links (spec §5) and search keywords
 * (spec §3). User names are in user-names.ts.
 */
import { WEBSITE_MAX_LENGTH } from './constants.ts';

// ---------------------------------------------------------------------------------------
// Storable text
// ---------------------------------------------------------------------------------------

/** A UTF-16 surrogate without its partner: half of a character, no character on its own. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'Text cannot contain the NUL character (U+0000) or half of a character.';

/**
 * Whether text can be kept as it was sent: PostgreSQL refuses NUL in text and in JSON, and
 * a lone surrogate (half of a UTF-16 pair) is no character at all — stored as U+FFFD in text
 * and refused in jsonb. Every string a request carries is checked with this.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

// ---------------------------------------------------------------------------------------
// Websites
// ---------------------------------------------------------------------------------------

export type WebsiteIssueCode = 'unsupported_scheme' | 'invalid_url' | 'too_long';

export type WebsiteResult =
  | { readonly ok: true; readonly url: string | null }
  | { readonly ok: false; readonly code: WebsiteIssueCode; readonly message: string };

const HTTP_SCHEME = /^https?:\/\//i;
/** A URL scheme, e.g. 'javascript:' — but not 'example.com:8080', a host with a port. */
const OTHER_SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d+(?:[/?#]|$))/i;

/**
 * A website as entered, made into a link: trimmed, https:// prefixed when it has no
 * http(s) scheme, and checked to be a web address. Empty input means "no website" (null).
 * Other schemes (javascript:, data:, mailto:, file: …) are refused, never prefixed.
 */
export function normalizeWebsite(input: string | null | undefined): WebsiteResult {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: true, url: null };
  let candidate: string;
  if (HTTP_SCHEME.test(trimmed)) candidate = trimmed;
  else if (trimmed.startsWith('//')) candidate = `https:${trimmed}`;
  else if (OTHER_SCHEME.test(trimmed)) {
    return { ok: false, code: 'unsupported_scheme', message: 'A website must be an http or https address.' };
  } else candidate = `https://${trimmed}`;
  if (candidate.length > WEBSITE_MAX_LENGTH) {
    return {
      ok: false,
      code: 'too_long',
      message: `A website can be at most ${WEBSITE_MAX_LENGTH} characters.`,
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, code: 'invalid_url', message: 'This is not a valid website address.' };
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.hostname === '' ||
    /\s/u.test(trimmed)
  ) {
    return { ok: false, code: 'invalid_url', message: 'This is not a valid website address.' };
  }
  return { ok: true, url: candidate };
}

// ---------------------------------------------------------------------------------------
// Search keywords
// ---------------------------------------------------------------------------------------

const APOSTROPHES = /['\u2019\u02BC]/gu;
const COMBINING_MARKS = /\p{M}/gu;
const NON_LETTERS = /[^\p{L}]+/gu;

/**
 * The lowercase words of a name, letters only, each once, in order of first appearance:
 * "Kid's Play-Zone 2 Café" → ['kids', 'play', 'zone', 'café']. Letters of any script count
 * (ä, é, ø, Māori macrons); digits and punctuation separate words, except apostrophes,
 * which are dropped inside a word. Text is NFC-normalised first so 'a' + combining macron
 * and 'ā' give the same word; a mark with no precomposed letter is dropped.
 */
export function searchKeywords(name: string): string[] {
  const letters = name
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(COMBINING_MARKS, '')
    .replace(NON_LETTERS, ' ');
  return [...new Set(letters.split(' ').filter((word) => word !== ''))];
}
