/**
 * One URL per language of a server-drawn page (issues 46, 47). The app is one address in every
 * language, chosen by cookie or Accept-Language; a search engine needs an address per language
 * to list and link them (`hreflang`). `?lang=xx` is that address: the server draws the page in
 * xx whatever the cookie says, and the app keeps xx as the parent's choice. The address without
 * it stays the negotiated one, named `x-default`.
 */

import { LANGUAGE_PARAMETER } from '../constants.ts';

export interface LanguageAlternate {
  /** A language code, or 'x-default' for the negotiated address. */
  readonly hreflang: string;
  readonly href: string;
}

/** `pathname` on `origin` in `language` (`null`: the negotiated address). */
export function languageUrl(origin: string, pathname: string, language: string | null): string {
  const url = new URL(pathname, origin);
  if (language !== null) url.searchParams.set(LANGUAGE_PARAMETER, language);
  return url.href;
}

/**
 * Every language version of `pathname`, then x-default; none when one language is served
 * (a page with no other language links to none).
 */
export function languageAlternates(
  origin: string,
  pathname: string,
  languages: readonly string[],
): LanguageAlternate[] {
  if (languages.length < 2) return [];
  return [
    ...languages.map((language) => ({ hreflang: language, href: languageUrl(origin, pathname, language) })),
    { hreflang: 'x-default', href: languageUrl(origin, pathname, null) },
  ];
}

/** The language a `?lang=` value names, if the app speaks it; null otherwise. */
export function requestedLanguage(value: unknown, languages: readonly string[]): string | null {
  return typeof value === 'string' && languages.includes(value) ? value : null;
}
