import { APP_LANGUAGES } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES, pickLanguage, startLanguage, textDirection } from './languages.ts';

describe('pickLanguage', () => {
  it.each([
    [null, ['de-DE', 'en'], 'de'],
    [null, ['de-AT'], 'de'],
    [null, ['DE'], 'de'],
    [null, ['en-NZ', 'de'], 'en'],
    [null, ['fr-FR', 'de-CH', 'en'], 'fr'],
    [null, ['mi-NZ', 'zh-CN', 'de-CH'], 'de'],
    [null, ['pt-BR'], 'pt'],
    [null, ['ar-EG', 'en'], 'ar'],
    [null, ['ja-JP'], 'ja'],
    [null, ['uk-UA', 'ru'], 'uk'],
    [null, ['mi-NZ'], 'en'],
    [null, [], 'en'],
    ['en', ['de-DE'], 'en'],
    ['de', ['en-NZ'], 'de'],
    ['xx', ['de-DE'], 'de'],
    ['pl', ['en-NZ'], 'pl'],
  ] as const)('chosen %j on a device saying %j → %s', (chosen, device, expected) => {
    expect(pickLanguage(chosen, device)).toBe(expected);
  });
});

describe('the twelve languages (issue 46)', () => {
  it("are core's, whose names an import keeps (name:<language>)", () => {
    expect([...LANGUAGES]).toEqual([...APP_LANGUAGES]);
  });

  it('are each named in their own words, and only Arabic is written right to left', () => {
    expect(LANGUAGES).toHaveLength(12);
    expect(new Set(Object.values(LANGUAGE_NAMES)).size).toBe(12);
    expect(LANGUAGE_NAMES.ar).toBe('العربية');
    expect(LANGUAGE_NAMES.ja).toBe('日本語');
    expect(LANGUAGES.filter((language) => textDirection(language) === 'rtl')).toEqual(['ar']);
  });
});

describe("a language's own address (?lang=, issue 46)", () => {
  it('opens the app in that language and keeps it as the choice', () => {
    window.localStorage.setItem('language', 'de');
    window.history.replaceState(null, '', '/MapView?lang=fr');
    expect(startLanguage()).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(document.cookie).toContain('playspot_lang=fr');
    window.history.replaceState(null, '', '/MapView?lang=xx');
    expect(startLanguage()).toBe('fr');
    window.history.replaceState(null, '', '/');
  });
});
