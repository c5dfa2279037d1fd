import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isStorableText, normalizeWebsite, searchKeywords, type WebsiteResult } from './text.ts';

describe('normalizeWebsite', () => {
  it.each<[string | null | undefined, string | null]>([
    ['example.com', 'https://example.com'],
    ['  www.example.co.nz/kids  ', 'https://www.example.co.nz/kids'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['//example.com/path', 'https://example.com/path'],
    ['localhost:3000/deals', 'https://localhost:3000/deals'],
    ['example.com:8080', 'https://example.com:8080'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (input, url) => {
    expect(normalizeWebsite(input)).toEqual({ ok: true, url });
  });

  it.each<[string, Extract<WebsiteResult, { ok: false }>['code']]>([
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['JavaScript:alert(1)', 'unsupported_scheme'],
    ['data:text/html,<script>alert(1)</script>', 'unsupported_scheme'],
    ['vbscript:msgbox', 'unsupported_scheme'],
    ['mailto:someone@example.com', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['ftp://example.com', 'unsupported_scheme'],
    ['java\tscript:alert(1)', 'invalid_url'],
    ['exa mple.com', 'invalid_url'],
    ['https://', 'invalid_url'],
    [`example.com/${'a'.repeat(3000)}`, 'too_long'],
  ])('refuses %j (%s)', (input, code) => {
    const result = normalizeWebsite(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message.length).toBeGreaterThan(0);
    }
  });

  it('only ever returns http(s) links', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        const result = normalizeWebsite(input);
        if (result.ok && result.url !== null) expect(result.url).toMatch(/^https?:\/\//iu);
      }),
    );
  });
});

describe('searchKeywords', () => {
  it.each<[string, string[]]>([
    ['Auckland Domain Playground', ['auckland', 'domain', 'playground']],
    ["Kid's Play-Zone 2 Café", ['kids', 'play', 'zone', 'café']],
    ['Playground playground PLAYGROUND', ['playground']],
    ['Ōrākei Basin Reserve', ['ōrākei', 'basin', 'reserve']],
    ['O\u0304ra\u0304kei', ['ōrākei']], // decomposed macrons are composed first
    ['Spielplatz Görlitzer Straße', ['spielplatz', 'görlitzer', 'straße']],
    ['Bøgeskov Legeplads', ['bøgeskov', 'legeplads']],
    ['Parc de l’Île', ['parc', 'de', 'lîle']],
    ['Area 51!!!', ['area']],
    ['123 456', []],
    ['', []],
    ['  \t\n ', []],
  ])('%j → %o', (name, words) => {
    expect(searchKeywords(name)).toEqual(words);
  });

  it('gives only lowercase letter words, each once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const words = searchKeywords(name);
        for (const word of words) {
          expect(word).toMatch(/^\p{L}+$/u);
          expect(word).toBe(word.toLowerCase());
        }
        expect(new Set(words).size).toBe(words.length);
        expect(words.join(' ')).toMatch(/^[\p{L} ]*$/u);
      }),
    );
  });
});

describe('isStorableText', () => {
  it.each<[string, boolean]>([
    ['Kauri Glen Playground', true],
    ['', true],
    ['Māori, 中文, emoji 👩‍👧 (a surrogate pair)', true],
    ['tab\tand newline\n', true],
    ['a\u0000b', false],
    ['\u0000', false],
    ['\uD800', false],
    ['x\uDC00y', false],
    ['\uDC00\uD800', false],
    ['pair then lone: \uD83D\uDE00\uD83D', false],
  ])('%j → %s', (text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('agrees with String.prototype.isWellFormed, apart from NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(isStorableText(text)).toBe(text.isWellFormed() && !text.includes('\u0000'));
      }),
    );
  });
});
