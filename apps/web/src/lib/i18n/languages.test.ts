import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it.each([
    [null, ['de-DE', 'en'], 'de'],
    [null, ['de-AT'], 'de'],
    [null, ['DE'], 'de'],
    [null, ['en-NZ', 'de'], 'en'],
    [null, ['fr-FR', 'de-CH', 'en'], 'de'],
    [null, ['mi-NZ'], 'en'],
    [null, [], 'en'],
    ['en', ['de-DE'], 'en'],
    ['de', ['en-NZ'], 'de'],
    ['xx', ['de-DE'], 'de'],
  ] as const)('chosen %j on a device saying %j → %s', (chosen, device, expected) => {
    expect(pickLanguage(chosen, device)).toBe(expected);
  });
});
