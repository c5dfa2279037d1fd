import { KNOWN_TAG_KEYS } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import de from '../locales/de/common.json';
import en from '../locales/en/common.json';

describe('known tags in the locales', () => {
  it.each([
    ['en', en.knownTags],
    ['de', de.knownTags],
  ])('%s names every known tag, and nothing else', (_language, labels) => {
    expect(Object.keys(labels).sort()).toEqual([...KNOWN_TAG_KEYS].sort());
  });
});
