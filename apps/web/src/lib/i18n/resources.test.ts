/**
 * Every language has exactly the English keys of every namespace (plural keys in the forms its
 * plural rules need) with the same {{placeholders}} and markup tags, and says in its own words
 * what English says (the same text only for names and symbols), so no screen falls back to
 * English or shows a raw key (issue 46).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { NAMESPACES } from './namespaces.ts';

const LOCALES = join(import.meta.dirname, '../../locales');
const PLURAL = /_(zero|one|two|few|many|other)$/u;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [k, v] of flatten(child, prefix === '' ? key : `${prefix}.${key}`)) out.set(k, v);
  }
  return out;
}

function read(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')));
}

/** The markup tags of a text, opening and closing ('<strong>', '</strong>', '<1>'), sorted. */
function markup(text: string): string[] {
  return [...text.matchAll(/<\/?[a-z0-9]+>/gu)].map((match) => match[0]).sort();
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/gu)].map((match) => match[1] ?? '').sort();
}

/** Keys with their plural suffix taken off, each with its placeholders across all its forms. */
function byBaseKey(texts: Map<string, string>): Map<string, { forms: Set<string>; names: Set<string> }> {
  const out = new Map<string, { forms: Set<string>; names: Set<string> }>();
  for (const [key, text] of texts) {
    const form = PLURAL.exec(key)?.[1];
    const base = form === undefined ? key : key.slice(0, -form.length - 1);
    const entry = out.get(base) ?? { forms: new Set<string>(), names: new Set<string>() };
    if (form !== undefined) entry.forms.add(form);
    for (const name of placeholders(text)) entry.names.add(name);
    out.set(base, entry);
  }
  return out;
}

describe('locales', () => {
  it('has one folder per language, each with every namespace and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  const others = LANGUAGES.filter((language) => language !== 'en');
  describe.each(others)('%s', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    it.each(NAMESPACES)('%s has the English keys and placeholders', (namespace) => {
      const english = byBaseKey(read('en', namespace));
      const translated = byBaseKey(read(language, namespace));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [base, { forms, names }] of english) {
        const other = translated.get(base);
        expect(other, base).toBeDefined();
        if (!other) continue;
        // A plural key needs every form the language's plural rules use.
        // (i18next's own _zero, for a count of 0 in any language, goes with the English one.)
        const needed = forms.size === 0 ? [] : [...categories, ...(forms.has('zero') ? ['zero'] : [])];
        expect([...other.forms].sort(), base).toEqual([...new Set(needed)].sort());
        // {{count}} may be spelt out in a 'one' form ('Ein Ort'); every other name must be there.
        const named = [...names].filter((name) => !(forms.size > 0 && name === 'count'));
        expect([...other.names].filter((name) => named.includes(name)).sort(), base).toEqual(named.sort());
        expect(
          [...other.names].filter((name) => !names.has(name)),
          base,
        ).toEqual([]);
      }
    });
  });
});

describe('markup and words (issue 46)', () => {
  const others = LANGUAGES.filter((language) => language !== 'en');

  it.each(others)('%s has the markup tags of English in every text', (language) => {
    const wrong: string[] = [];
    for (const namespace of NAMESPACES) {
      const english = read('en', namespace);
      for (const [key, text] of read(language, namespace)) {
        // A plural form has the tags of the English 'other' form of its key.
        const form = PLURAL.exec(key)?.[1];
        const base = form === undefined ? key : key.slice(0, -form.length - 1);
        const source = english.get(key) ?? english.get(`${base}_other`) ?? '';
        if (markup(text).join() !== markup(source).join()) wrong.push(`${namespace}:${key}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  /**
   * Texts a language may share with English: names (brands, services, the map's data), unit
   * symbols, and what is only placeholders and signs. Anything else the same as English is a
   * text nobody translated.
   */
  const SAME_IN_EVERY_LANGUAGE = new Set([
    'OpenStreetMap',
    'Google',
    'Apple',
    'PlaySpot',
    'OK',
    'E-mail',
    'Email',
  ]);
  const onlyNamesAndSigns = (text: string) =>
    SAME_IN_EVERY_LANGUAGE.has(text) ||
    !/\p{L}{3,}/u.test(text.replace(/\{\{[^}]*\}\}/gu, '').replace(/\b(?:km|mi|ft|m)\b/gu, ''));

  /**
   * Texts a language writes as English does, each a word it shares (French "Photos", Dutch
   * "Filters", German "Website", Polish "Parking", Italian "Privacy") or a sample address.
   * A new text that stays English fails until it is translated or, checked, listed here.
   */
  const SAME_AS_ENGLISH: Partial<Record<(typeof LANGUAGES)[number], readonly string[]>> = {
    ar: ['contribute:form.websitePlaceholder'],
    de: [
      'app:about.level',
      'app:about.levelN',
      'common:header.moderation',
      'common:optional',
      'contribute:form.website',
      'deals:form.website',
      'deals:form.logo',
      'location-details:factWords.buttons.surface.sand',
      'location-details:amenities.kinds.cafe',
      'moderation:pageTitle',
      'profile:level',
      'terms:page.eyebrow',
    ],
    es: ['deals:form.logo'],
    fr: [
      'app:about.plusPoints_one',
      'app:about.plusPoints_other',
      'app:about.pointsN_one',
      'app:about.pointsN_other',
      'common:distanceUnits.title',
      'common:points.plus_one',
      'common:points.plus_other',
      'common:points.minus_one',
      'common:points.minus_other',
      'common:equipmentKinds.trampoline',
      'common:knownTags.parking',
      'common:knownTags.trampoline',
      'conditions:parents_one',
      'conditions:parents_other',
      'contribute:form.description',
      'contribute:photos.label',
      'deals:form.logo',
      'location-details:facts.distance',
      'location-details:photos.count_one',
      'location-details:photos.count_other',
      'location-details:photos.label',
      'location-details:factWords.yes.parking',
      'location-details:factWords.parents_one',
      'location-details:factWords.parents_other',
      'location-details:amenities.kinds.cafe',
      'profile:points_one',
      'profile:points_other',
      'terms:page.eyebrow',
    ],
    it: ['deals:form.logo', 'terms:page.privacyTitle'],
    nl: [
      'common:filtersButton.label',
      'common:openingStatus.open',
      'common:equipmentKinds.trampoline',
      'common:knownTags.trampoline',
      'contribute:form.website',
      'deals:form.website',
      'deals:form.logo',
      'filters:title',
      'location-details:factWords.surfaces.rubber',
      'location-details:factWords.open',
      'location-details:factWords.buttons.surface.rubber',
      'location-details:amenities.kinds.cafe',
      'terms:page.privacyTitle',
    ],
    pl: [
      'common:knownTags.parking',
      'deals:form.logo',
      'location-details:factWords.questions.parking',
      'location-details:factWords.yes.parking',
    ],
    pt: ['location-details:amenities.kinds.cafe'],
    tr: ['deals:form.logo'],
    uk: ['contribute:form.websitePlaceholder'],
  };

  it.each(others)('%s translates every text that is not a name, a symbol or a shared word', (language) => {
    const untranslated: string[] = [];
    for (const namespace of NAMESPACES) {
      const english = read('en', namespace);
      for (const [key, text] of read(language, namespace)) {
        const shared = SAME_AS_ENGLISH[language]?.includes(`${namespace}:${key}`) ?? false;
        if (text === english.get(key) && !onlyNamesAndSigns(text) && !shared)
          untranslated.push(`${namespace}:${key} "${text}"`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});

describe('one name for one thing (issue 49)', () => {
  it.each(LANGUAGES)("%s: a place's live reports are not named like the map's Right now", (language) => {
    const liveReports = read(language, 'conditions').get('liveReports');
    const rightNow = [read(language, 'map').get('rightNow.button'), read(language, 'right-now').get('title')];
    expect(liveReports).toBeTruthy();
    for (const name of rightNow) expect(liveReports?.toLowerCase()).not.toBe(name?.toLowerCase());
  });
});
