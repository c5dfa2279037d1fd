/**
 * The languages the web app speaks. English is the spec's language and the fallback; German
 * because the bundled real data is German. A third (te reo Māori is welcome) is one more
 * entry here and one more folder under src/locales/ with every namespace.
 */
import { STORAGE_KEYS } from '@playspot/core';
import { deviceLanguages } from '../../platform/device.ts';
import { readStoredText, writeStoredText } from '../../platform/storage.ts';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in that language, as the menu lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch' };

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

export function startLanguage(): Language {
  return pickLanguage(readStoredText(STORAGE_KEYS.language), deviceLanguages());
}

export function rememberLanguage(language: Language): void {
  writeStoredText(STORAGE_KEYS.language, language);
}
