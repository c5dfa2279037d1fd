/**
 * The languages the web app speaks (issue 46): English, the spec's language and the fallback;
 * German, the bundled real data's; and ten more, Arabic written right to left and Japanese
 * among them. Another (te reo Māori is welcome) is one more entry here and one more folder
 * under src/locales/ with every namespace (docs/languages.md).
 */
import { LANGUAGE_COOKIE, LANGUAGE_PARAMETER, STORAGE_KEYS } from '@playspot/core';
import { deviceLanguages } from '../../platform/device.ts';
import { readStoredText, writePreferenceCookie, writeStoredText } from '../../platform/storage.ts';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'uk', 'ar', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in that language, as the menu lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  tr: 'Türkçe',
  uk: 'Українська',
  ar: 'العربية',
  ja: '日本語',
};

/** Languages written right to left: the page is mirrored (`<html dir="rtl">`). */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language to show: the one chosen in the menu on this device, else the first of the
 * device's languages the app speaks ('de-AT' → German), else English.
 */
export function pickLanguage(chosen: string | null, device: readonly string[]): Language {
  if (isLanguage(chosen)) return chosen;
  for (const tag of device) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The language a page's address names (`?lang=xx`, issue 46): each language's own address, as
 * search engines link them. Opened so, the page is in that language and it becomes the
 * parent's choice, as if picked in the menu.
 */
function addressLanguage(): Language | null {
  if (typeof window === 'undefined') return null;
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAMETER);
  return isLanguage(asked) ? asked : null;
}

export function startLanguage(): Language {
  const fromAddress = addressLanguage();
  if (fromAddress !== null) {
    rememberLanguage(fromAddress);
    return fromAddress;
  }
  const stored = readStoredText(STORAGE_KEYS.language);
  const language = pickLanguage(stored, deviceLanguages());
  // A language chosen in the app is told to the server again on every start: Safari lets a
  // cookie written by a script lapse after 7 days while the device keeps the choice, and the
  // server would draw the next page in the browser's language (issue 42).
  if (stored === language) writePreferenceCookie(LANGUAGE_COOKIE, language);
  return language;
}

export function rememberLanguage(language: Language): void {
  writeStoredText(STORAGE_KEYS.language, language);
  // The server draws its pages (the first screen, a place's page) in it from the next visit on.
  writePreferenceCookie(LANGUAGE_COOKIE, language);
}
