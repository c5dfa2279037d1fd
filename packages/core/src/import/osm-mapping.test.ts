import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_RANGES, PLACE_NAME_MAX_LENGTH, MAX_TAGS } from '../constants.ts';
import {
  freeFromOsm,
  indoorFromOsm,
  mapOsmTags,
  nameFromOsm,
  namesFromOsm,
  tagsFromOsm,
  websiteFromOsm,
  type OsmTags,
} from './osm-mapping.ts';

describe('nameFromOsm', () => {
  it.each<[OsmTags, string]>([
    [{ name: 'Heidebrink' }, 'Heidebrink'],
    [{ name: '  Kinder  Spielplatz ' }, 'Kinder Spielplatz'],
    [{ 'name:en': 'Slottsskogen playground' }, 'Slottsskogen playground'],
    [{ name: '', alt_name: 'Lekplats Ost' }, 'Lekplats Ost'],
    [{ leisure: 'playground' }, 'Playground'],
    [{ leisure: 'playground', 'addr:street': 'Alsenstraße' }, 'Playground, Alsenstraße'],
    [
      { leisure: 'playground', 'addr:street': 'Storgatan', 'addr:suburb': 'Majorna' },
      'Playground, Storgatan, Majorna',
    ],
    [{ leisure: 'indoor_play', 'addr:city': 'Göteborg' }, 'Indoor playground, Göteborg'],
  ])('%j → %j', (tags, name) => {
    expect(nameFromOsm(tags)).toBe(name);
  });

  it('keeps a long name within the limit', () => {
    expect(nameFromOsm({ name: 'x'.repeat(500) })).toHaveLength(PLACE_NAME_MAX_LENGTH);
  });
});

describe('namesFromOsm (issue 46)', () => {
  // Made-up tags in the shape OpenStreetMap gives a place named in several languages: the
  // local name, the same again as name:ja, others, a language the app does not speak and a
  // script variant (name:ja-Latn), which is not a language of its own.
  const tokyo: OsmTags = {
    leisure: 'playground',
    name: '上野公園こども遊園地',
    'name:ja': '上野公園こども遊園地',
    'name:en': 'Ueno Park Children’s Playground',
    'name:fr': '  Aire de jeux   du parc Ueno ',
    'name:ko': '우에노 공원 놀이터',
    'name:ja-Latn': 'Ueno Kōen Kodomo Yūenchi',
  };

  it("keeps the app's languages that name it otherwise, tidied", () => {
    expect(namesFromOsm(tokyo, nameFromOsm(tokyo))).toEqual({
      en: 'Ueno Park Children’s Playground',
      fr: 'Aire de jeux du parc Ueno',
    });
  });

  it.each<[OsmTags, Record<string, string>]>([
    [{ name: 'Heidebrink' }, {}],
    [{ name: 'Heidebrink', 'name:de': 'Heidebrink' }, {}],
    [{ name: 'Heidebrink', 'name:de': '   ' }, {}],
    [{ 'name:en': 'Slottsskogen playground' }, {}],
    [
      { name: 'Park', 'name:ar': 'حديقة', 'name:uk': 'Парк', 'name:xx': 'Xx' },
      { ar: 'حديقة', uk: 'Парк' },
    ],
  ])('%j → %j', (tags, names) => {
    expect(namesFromOsm(tags, nameFromOsm(tags))).toEqual(names);
  });

  it('goes with the mapped fields, each name within the limit and never the local one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(fc.constantFrom('en', 'de', 'ar', 'ja', 'pl', 'ko'), fc.string()),
        (name, translated) => {
          const tags: OsmTags = {
            name,
            ...Object.fromEntries(Object.entries(translated).map(([lang, value]) => [`name:${lang}`, value])),
          };
          const mapped = mapOsmTags(tags);
          if (!mapped.ok) return;
          expect(mapped.fields.names).toEqual(namesFromOsm(tags, mapped.fields.name));
          for (const [language, value] of Object.entries(mapped.fields.names)) {
            expect(language).not.toBe('ko');
            expect(value).not.toBe(mapped.fields.name);
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(PLACE_NAME_MAX_LENGTH);
          }
        },
      ),
    );
  });
});

describe('indoorFromOsm and freeFromOsm', () => {
  it.each<[OsmTags, boolean | null]>([
    [{ leisure: 'playground' }, false],
    [{ leisure: 'indoor_play' }, true],
    [{ leisure: 'playground', indoor: 'yes' }, true],
    [{ amenity: 'kindergarten' }, null],
    [{ indoor: 'no' }, false],
  ])('indoor %j → %j', (tags, indoor) => {
    expect(indoorFromOsm(tags)).toBe(indoor);
  });

  it.each<[OsmTags, boolean | null]>([
    [{}, null],
    [{ fee: 'no' }, true],
    [{ fee: 'yes' }, false],
    [{ fee: 'Yes @ (Su 10:00-18:00)' }, false],
    [{ fee: 'maybe' }, null],
  ])('free %j → %j', (tags, free) => {
    expect(freeFromOsm(tags)).toBe(free);
  });
});

describe('websiteFromOsm', () => {
  it.each<[OsmTags, string | null]>([
    [{}, null],
    [{ website: 'https://example.se/lek' }, 'https://example.se/lek'],
    [{ 'contact:website': 'www.goteborg.se' }, 'https://www.goteborg.se'],
    [{ website: 'javascript:alert(1)', url: 'http://ok.example' }, 'http://ok.example'],
    [{ website: 'https://a.example;https://b.example' }, 'https://a.example'],
  ])('%j → %j', (tags, website) => {
    expect(websiteFromOsm(tags)).toBe(website);
  });
});

describe('tagsFromOsm', () => {
  it.each<[OsmTags, string[]]>([
    [{ leisure: 'playground' }, []],
    // Tags that state a fact are facts (factsFromOsm), never tags too (core tag-facts).
    [{ fenced: 'yes', shade: 'no' }, []],
    [{ surface: 'sand', wheelchair: 'limited', bench: 'yes' }, ['seating']],
    [{ wheelchair: 'yes', toilets: 'yes', changing_table: 'yes' }, []],
    [{ 'playground:swing': '2', 'playground:slide': 'yes', 'playground:sandpit': '0' }, ['slide', 'swings']],
    [{ playground: 'slide;swing', 'playground:slide': 'yes' }, ['slide', 'swings']],
    [{ dog: 'no', picnic_table: 'yes' }, ['picnic tables']],
  ])('%j → %j', (tags, expected) => {
    expect(tagsFromOsm(tags)).toEqual(expected);
  });
});

describe('mapOsmTags', () => {
  it.each(['private', 'no', 'Private'])('skips access=%s', (access) => {
    expect(mapOsmTags({ leisure: 'playground', access })).toEqual({
      ok: false,
      reason: `access=${access.toLowerCase()}`,
    });
  });

  it.each(['yes', 'customers', 'permissive'])('keeps access=%s', (access) => {
    expect(mapOsmTags({ leisure: 'playground', access }).ok).toBe(true);
  });

  it('maps every field of a well-tagged playground', () => {
    expect(
      mapOsmTags({
        leisure: 'playground',
        name: 'Heidebrink',
        fee: 'no',
        min_age: '3',
        max_age: '12',
        website: 'luebeck.de/spielplaetze',
        fenced: 'yes',
        description: ' Schöner Spielplatz ',
      }),
    ).toEqual({
      ok: true,
      fields: {
        name: 'Heidebrink',
        names: {},
        tags: [],
        ageRanges: ['2-5', '5-12'],
        indoor: false,
        free: true,
        officialWebsite: 'https://luebeck.de/spielplaetze',
        description: 'Schöner Spielplatz',
        facts: { fenced: 'yes', fee: 'no', min_age: '3', max_age: '12' },
      },
    });
  });

  it('always gives a name, valid tags and spec age buckets, whatever the tags', () => {
    const keys = fc.constantFrom(
      'name',
      'access',
      'fee',
      'min_age',
      'max_age',
      'website',
      'surface',
      'fenced',
      'playground',
      'leisure',
      'indoor',
      'addr:street',
      'wheelchair',
    );
    fc.assert(
      fc.property(fc.dictionary(keys, fc.string({ maxLength: 200 })), (tags) => {
        const result = mapOsmTags(tags);
        if (!result.ok) return;
        expect(result.fields.name.trim().length).toBeGreaterThan(0);
        expect(result.fields.name.length).toBeLessThanOrEqual(PLACE_NAME_MAX_LENGTH);
        expect(result.fields.tags.length).toBeLessThanOrEqual(MAX_TAGS);
        for (const range of result.fields.ageRanges) expect(AGE_RANGES).toContain(range);
      }),
    );
  });
});
