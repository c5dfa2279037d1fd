/**
 * English left on a screen of another language (issues 19 and 46): every English text of the
 * app as a pattern of a whole line, and the lines and labels a page shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const LOCALES = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales');

/** Every text of a language's files, by `file.key.path`. */
function strings(language: string): Map<string, string> {
  const folder = path.join(LOCALES, language);
  const found = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') found.set(prefix, value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) walk(`${prefix}.${key}`, inner);
    }
  };
  for (const file of readdirSync(folder)) {
    walk(file, JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as unknown);
  }
  return found;
}

/**
 * Every English text of the app, as patterns of whole lines: the English strings whose
 * translation in `language` differs and which no string of that language repeats (a proper
 * name reads the same in both). Interpolations ({{name}}) match any text.
 */
export function englishOnlyLines(language: string): RegExp[] {
  const english = strings('en');
  const translated = strings(language);
  const translatedTexts = new Set(translated.values());
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return (
    [...english]
      .filter(
        ([key, text]) => translated.get(key) !== text && !translatedTexts.has(text) && text.trim().length >= 3,
      )
      .filter(([, text]) => !text.includes('$t('))
      .map(([, text]) => {
        const literal = text.split(/\{\{[^}]+\}\}/u).map(escape);
        return new RegExp(`^${literal.join('.+')}$`, 'u');
      })
      // A pattern of only an interpolation would match anything.
      .filter((pattern) => pattern.source.replace(/\.\+/gu, '').length > 4)
  );
}

/** The page's visible lines and its labels, each trimmed. */
export async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n');
    const labels = Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    ).flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].flatMap((name) => element.getAttribute(name) ?? []),
    );
    return [...lines, ...labels].map((text) => text.trim()).filter((text) => text !== '');
  });
}
