/**
 * Text rules: website links (spec §5), search keywords (spec §3) and user names (spec §5;
 * the bounds are ours, the spec leaves them open).
 */
import { USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH, WEBSITE_MAX_LENGTH } from './constants.ts';

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

// ---------------------------------------------------------------------------------------
// User names
// ---------------------------------------------------------------------------------------

export type UserNameIssueCode = 'too_short' | 'too_long' | 'invalid_characters' | 'invalid_start';

export type UserNameResult =
  | { readonly ok: true; readonly userName: string }
  | { readonly ok: false; readonly code: UserNameIssueCode; readonly message: string };

const USER_NAME_CHARACTERS = /^[A-Za-z0-9_.-]*$/;
const USER_NAME_START = /^[A-Za-z0-9]/;

/**
 * Checks a user name: after trimming, USER_NAME_MIN_LENGTH–USER_NAME_MAX_LENGTH characters
 * of ASCII letters, digits, '_', '.' and '-', starting with a letter or digit. ASCII only, so
 * names cannot impersonate each other with look-alike letters from other scripts and
 * case-insensitive uniqueness (userNameKey) is unambiguous.
 */
export function validateUserName(input: string): UserNameResult {
  const userName = input.trim();
  if (!USER_NAME_CHARACTERS.test(userName)) {
    return {
      ok: false,
      code: 'invalid_characters',
      message:
        'A user name can only contain letters (a–z), digits, underscores (_), dots (.) and hyphens (-).',
    };
  }
  if (userName.length < USER_NAME_MIN_LENGTH) {
    return {
      ok: false,
      code: 'too_short',
      message: `A user name needs at least ${USER_NAME_MIN_LENGTH} characters.`,
    };
  }
  if (userName.length > USER_NAME_MAX_LENGTH) {
    return {
      ok: false,
      code: 'too_long',
      message: `A user name can have at most ${USER_NAME_MAX_LENGTH} characters.`,
    };
  }
  if (!USER_NAME_START.test(userName)) {
    return { ok: false, code: 'invalid_start', message: 'A user name must start with a letter or a digit.' };
  }
  return { ok: true, userName };
}

/** The key under which user names are unique regardless of case. */
export function userNameKey(userName: string): string {
  return userName.trim().toLowerCase();
}
