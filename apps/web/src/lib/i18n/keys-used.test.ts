/**
 * No text waits in the catalogue for a screen that no longer shows it (issue 46): every
 * English key is named somewhere in the app's code. A key counts as named when the code has it
 * as a string ('list.away', 'map:list.away', or after the file's `keyPrefix`), when a template
 * builds it (`schedule.${pattern}`, `${ended}Label`), or when its group is read whole
 * (`returnObjects`). Tests do not count: a text only a test reads is still unused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { NAMESPACES } from './namespaces.ts';

const SRC = join(import.meta.dirname, '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/u;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'test' ? [] : codeFiles(path);
    return /\.tsx?$/u.test(entry.name) && !/\.test\.tsx?$/u.test(entry.name) ? [path] : [];
  });
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/** What the code names: whole keys, the starts and ends templates build, groups read whole. */
function namedInCode(): { named: Set<string>; starts: string[]; ends: string[]; groups: string[] } {
  const named = new Set<string>();
  const starts: string[] = [];
  const ends: string[] = [];
  const groups: string[] = [];
  for (const file of [...codeFiles(SRC), ...codeFiles(join(SRC, '../build-tools'))]) {
    const code = readFileSync(file, 'utf8');
    const prefixes = [
      '',
      ...[...code.matchAll(/keyPrefix:\s*'([^']+)'/gu)].map((match) => `${match[1] ?? ''}.`),
    ];
    // Empty strings too: skipping '' would pair its second quote with the next string's first.
    for (const match of code.matchAll(/(['"`])((?:(?!\1)[^\\\n$])*)\1/gu))
      for (const prefix of prefixes) named.add(`${prefix}${match[2] ?? ''}`);
    for (const match of code.matchAll(/`([^`$]+)\$\{/gu)) starts.push(match[1] ?? '');
    for (const match of code.matchAll(/\$\{[^}]*\}([A-Za-z][A-Za-z.]+)`/gu)) ends.push(match[1] ?? '');
    for (const match of code.matchAll(/\(\s*'([^']+)'\s*,\s*\{\s*returnObjects/gu))
      groups.push(`${match[1] ?? ''}.`);
  }
  return { named, starts, ends, groups };
}

it('every English text is used by the app', () => {
  const { named, starts, ends, groups } = namedInCode();
  const unused: string[] = [];
  for (const namespace of NAMESPACES) {
    const texts: unknown = JSON.parse(readFileSync(join(SRC, 'locales', 'en', `${namespace}.json`), 'utf8'));
    for (const key of new Set(keysOf(texts).map((k) => k.replace(PLURAL, '')))) {
      const full = `${namespace}:${key}`;
      const used =
        named.has(key) ||
        named.has(full) ||
        starts.some((start) => key.startsWith(start) || full.startsWith(start)) ||
        ends.some((end) => key.endsWith(end)) ||
        groups.some((group) => full.startsWith(group) || key.startsWith(group));
      if (!used) unused.push(full);
    }
  }
  expect(unused).toEqual([]);
});
