/**
 * A screen in another language, checked (issues 19 and 46): every English text of the app as a
 * pattern of a whole line, the lines and labels a page shows, and what is wrong on a screen
 * (raw keys, English lines, boxes too small for their words, sideways scrolling).
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
        ([key, text]) =>
          translated.get(key) !== text && !translatedTexts.has(text) && text.trim().length >= 3,
      )
      .filter(([, text]) => !text.includes('$t('))
      // A text with a placeholder needs two words of its own, any other one: '{{distance}}
      // {{direction}} of {{place}}' would match a parent's description with an "of" in it,
      // 'Open {{value}}' a Dutch sentence ('Open de kaart…'); 'Filters' matches only itself.
      .filter(([, text]) => {
        const words = text.replace(/\{\{[^}]+\}\}/gu, '').match(/\p{L}{3,}/gu) ?? [];
        return words.length >= (text.includes('{{') ? 2 : 1);
      })
      .map(([, text]) => {
        const literal = text.split(/\{\{[^}]+\}\}/u).map(escape);
        return new RegExp(`^${literal.join('.+')}$`, 'u');
      })
      // A pattern of only an interpolation and signs would match anything.
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

/** A text of the app in `language`: `key` is a dotted path in `namespace`'s file. */
export function localeText(language: string, namespace: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${language}/${namespace}: no text at ${key}`);
  return value;
}

/**
 * What is wrong on the screen shown: a raw key instead of its text, a line of `english`, a
 * button, chip, label or heading whose text overflows its box (a visually hidden heading, 1 px
 * wide, aside), or the page scrolling sideways.
 */
export async function screenProblems(page: Page, english: readonly RegExp[]): Promise<string[]> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const problems: string[] = [];
  const body = await page.locator('body').innerText();
  for (const match of body.matchAll(/\b[a-z-]+:[a-z]+(?:\.[a-zA-Z]+)+\b/gu)) problems.push(`key ${match[0]}`);
  for (const line of new Set(await shownTexts(page)))
    if (english.some((pattern) => pattern.test(line))) problems.push(`English "${line}"`);
  const overflowing = await page
    .locator(
      'button:visible, [role=button]:visible, [role=radio]:visible, label:visible, h1:visible, h2:visible, h3:visible',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${element.tagName} "${element.textContent.trim().slice(0, 40)}"`),
    );
  problems.push(...overflowing.map((box) => `overflows: ${box}`));
  const sideways = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(-3)
      .map((element) => `${element.tagName} "${element.textContent.trim().slice(0, 30)}"`);
    return { by: document.documentElement.scrollWidth - width, out };
  });
  if (sideways.by > 0)
    problems.push(`scrolls sideways by ${String(sideways.by)} px (${sideways.out.join(', ')})`);
  return problems;
}

/** The pages every language check opens by address, each checked once its heading is in. */
const PLAIN_SCREENS = [
  ['events', '/events'],
  ['deals', '/deals'],
  ['about', '/AboutUs'],
  ['terms', '/terms'],
] as const;

export async function checkPlainScreens(page: Page, check: (screen: string) => Promise<void>): Promise<void> {
  for (const [screen, url] of PLAIN_SCREENS) {
    await page.goto(url);
    await page.locator('main :is(h1, h2)').first().waitFor();
    await check(screen);
  }
}
