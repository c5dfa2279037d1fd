/**
 * Every namespace file of every language but the bundled ones (i18n.ts), each loaded on
 * demand. A module of its own, loaded when the first of them is needed, so that the list of
 * twelve languages' files stays out of the map's first JavaScript.
 */
import type { ResourceKey } from 'i18next';

const files = import.meta.glob<ResourceKey>(
  ['../../locales/*/*.json', '!../../locales/en/common.json', '!../../locales/en/map.json'],
  { import: 'default' },
);

/** The loader of one language's namespace, or undefined when there is no such file. */
export function namespaceFile(language: string, namespace: string): (() => Promise<ResourceKey>) | undefined {
  return files[`../../locales/${language}/${namespace}.json`];
}
