import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userNameKey, userNameSkeleton, validateUserName } from './user-names.ts';

describe('validateUserName', () => {
  it.each([
    ['kiwi_mum', 'kiwi_mum'],
    ['  Dad.Of.Three  ', 'Dad.Of.Three'],
    ['abc', 'abc'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['2cool-4school', '2cool-4school'],
    ['Léo', 'Léo'],
    ['Zoë', 'Zoë'],
    ['Ngā', 'Ngā'],
    ['Māui', 'Māui'],
    ['Дмитрий', 'Дмитрий'],
    ['美咲', '美咲'],
    ['さくら', 'さくら'],
    ['민준', '민준'],
    ['Σοφία', 'Σοφία'],
    ['नेहा', 'नेहा'],
    ['محمد', 'محمد'],
    ['יעל', 'יעל'],
    ['Søren-Ærø', 'Søren-Ærø'],
    // NFC: 'e' + combining acute is stored as 'é'.
    ['Le\u0301o', 'Léo'],
    // Japanese mixes kanji and kana; digits go with any alphabet.
    ['山田さん2', '山田さん2'],
  ])('accepts %j as %j', (input, userName) => {
    expect(validateUserName(input)).toEqual({ ok: true, userName });
  });

  it.each([
    ['ab', 'too_short'],
    ['', 'too_short'],
    ['美', 'too_short'],
    ['a'.repeat(31), 'too_long'],
    ['美'.repeat(31), 'too_long'],
    ['has space', 'invalid_characters'],
    ['emoji😀', 'invalid_characters'],
    ['a/b', 'invalid_characters'],
    ['Za\u0301\u0300\u0302\u0303lgo', 'invalid_characters'],
    ['_under', 'invalid_start'],
    ['.dot', 'invalid_start'],
    ['-dash', 'invalid_start'],
    ['\u0301abc', 'invalid_start'],
    ['раvel', 'mixed_scripts'], // Cyrillic р and а in a Latin name
    ['Pаul', 'mixed_scripts'],
    ['Σofia', 'mixed_scripts'],
  ])('refuses %j (%s)', (input, code) => {
    const result = validateUserName(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message.length).toBeGreaterThan(0);
    }
  });

  it('is idempotent: a valid name checks out as itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), (input) => {
        const first = validateUserName(input);
        if (first.ok) expect(validateUserName(first.userName)).toEqual(first);
      }),
    );
  });
});

describe('userNameKey (case folding)', () => {
  it.each([
    ['Kiwi_Mum', 'kiwi_mum'],
    [' KIWI_MUM ', 'kiwi_mum'],
    ['ZOË', 'zoë'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['ΣΟΦΊΑΣ', 'σοφίασ'],
    ['Σοφίας', 'σοφίασ'],
    ['ДМИТРИЙ', 'дмитрий'],
    ['Ｍｉａ', 'mia'], // full-width letters (NFKC)
  ])('%j → %j', (name, key) => {
    expect(userNameKey(name)).toBe(key);
  });
});

describe('userNameSkeleton (look-alikes are the same name)', () => {
  it.each([
    ['Zoe', 'ZOE'],
    ['Zoe', 'Zое'], // Cyrillic о and е
    ['Zoe', 'Z0e'],
    ['Paul', 'Pаul'],
    ['Mia', 'MlA'],
    ['Mia', 'M1a'],
    ['Mia', 'Ｍｉａ'],
    ['Kim', 'Kirn'],
    ['Bob', 'ВОВ'], // all Cyrillic capitals
    ['Anna', 'Αννα'.toUpperCase()], // Greek capitals ΑΝΝΑ
    ['Straße', 'STRASSE'],
  ])('%j and %j share a skeleton', (a, b) => {
    expect(userNameSkeleton(a)).toBe(userNameSkeleton(b));
  });

  it.each([
    ['Zoë', 'Zoe'],
    ['Léo', 'Leo'],
    ['Ngā', 'Nga'],
    ['Дмитрий', 'Dmitry'],
    ['mia_k', 'mia-k'],
    ['美咲', '美'],
  ])('%j and %j stay apart', (a, b) => {
    expect(userNameSkeleton(a)).not.toBe(userNameSkeleton(b));
  });

  it('never tells apart what case folding joins', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (name) => {
        expect(userNameSkeleton(name.toUpperCase())).toBe(userNameSkeleton(name.toLowerCase()));
      }),
    );
  });

  it("matches the migration's skeleton for the ASCII names stored before (0011)", () => {
    // SQL: replace(replace(translate(lower(name), '01i', 'oll'), 'rn', 'm'), 'vv', 'w')
    const sqlSkeleton = (name: string) =>
      name
        .toLowerCase()
        .replace(/[01i]/gu, (c) => ({ '0': 'o', '1': 'l', i: 'l' })[c] ?? c)
        .replaceAll('rn', 'm')
        .replaceAll('vv', 'w');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$/u), (name) => {
        expect(userNameSkeleton(name)).toBe(sqlSkeleton(name));
      }),
    );
  });
});
