import { readFileSync } from 'node:fs';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { placeStructuredData, type PlaceStructuredDataInput } from './place-structured-data.ts';

/** schema.org's context, kept as a fixture (test/fixtures/SOURCE.md): no network in tests. */
const context = JSON.parse(
  readFileSync(new URL('../../test/fixtures/schemaorg-context.jsonld', import.meta.url), 'utf8'),
) as { '@context': Record<string, unknown> };

const SCHEMA = 'http://schema.org/';
/** Every IRI schema.org's context names: its types and properties. */
const schemaTerms = new Set(
  Object.values(context['@context'])
    .map((definition) =>
      typeof definition === 'object' && definition !== null && '@id' in definition
        ? String(definition['@id'])
        : '',
    )
    .filter((id) => id.startsWith('schema:'))
    .map((id) => `${SCHEMA}${id.slice('schema:'.length)}`),
);

const documentLoader = (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/u.test(url)) throw new Error(`No network in tests: ${url}`);
  return Promise.resolve({ documentUrl: url, document: context });
};
/** jsonld 9's options; its DefinitelyTyped types are of version 1 (no safeMode, callbacks). */
const expandOptions = { documentLoader, safeMode: true } as unknown as jsonld.Options.Expand;

/** Expands `doc` and lists every property and type IRI that schema.org does not define. */
async function unknownTerms(doc: object): Promise<{ expanded: unknown; unknown: string[] }> {
  const expanded = await jsonld.expand(doc, expandOptions);
  const unknown: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '@type')
        for (const type of [value].flat()) if (!schemaTerms.has(String(type))) unknown.push(String(type));
      if (!key.startsWith('@') && !schemaTerms.has(key)) unknown.push(key);
      walk(value);
    }
  };
  walk(expanded);
  return { expanded, unknown };
}

const input = (overrides: Partial<PlaceStructuredDataInput> = {}): PlaceStructuredDataInput => ({
  place: {
    id: '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11',
    name: 'Spielplatz Wallanlagen',
    description: 'A big wooden ship & a sandpit.',
    latitude: 53.8655123456,
    longitude: 10.6866,
    indoor: false,
    free: null,
  },
  facts: [
    { key: 'toilets', value: 'yes', disputed: false },
    { key: 'changing_table', value: 'no', disputed: false },
    { key: 'fenced', value: 'yes', disputed: true },
    { key: 'wheelchair', value: 'limited', disputed: false },
    { key: 'fee', value: 'no', disputed: false },
  ],
  equipment: [
    { kind: 'slide', present: true, disputed: false },
    { kind: 'zipline', present: false, disputed: false },
    { kind: 'seesaw', present: true, disputed: true },
  ],
  openingHours: 'Mo-Fr 08:00-20:00; Sa,Su 09:00-20:00',
  url: 'https://playspot.example/locations/3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11',
  photos: ['https://playspot.example/api/files/a.jpg', 'https://playspot.example/api/files/b.jpg'],
  town: { name: 'Lübeck', country: 'DE' },
  ...overrides,
});

describe('placeStructuredData', () => {
  it('describes a playground with schema.org terms only (expanded by a JSON-LD processor)', async () => {
    const data = placeStructuredData(input());
    const { expanded, unknown } = await unknownTerms(data);
    expect(unknown).toEqual([]);
    const [node] = expanded as Record<string, unknown>[];
    expect(node?.['@type']).toEqual([`${SCHEMA}Playground`]);
    expect(node?.[`${SCHEMA}amenityFeature`]).toHaveLength(4);
    expect(node?.[`${SCHEMA}openingHoursSpecification`]).toHaveLength(2);
  });

  it('says what a parent asks: facts and equipment, free, hours, photos, town', () => {
    const data = placeStructuredData(input());
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Playground',
      name: 'Spielplatz Wallanlagen',
      url: input().url,
      geo: { '@type': 'GeoCoordinates', latitude: 53.865512, longitude: 10.6866 },
      address: { '@type': 'PostalAddress', addressLocality: 'Lübeck', addressCountry: 'DE' },
      isAccessibleForFree: true,
      image: 'https://playspot.example/api/files/a.jpg',
    });
    // Disputed answers and equipment that is not there are left out.
    expect(data.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Toilets', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Baby changing table', value: false },
      { '@type': 'LocationFeatureSpecification', name: 'Wheelchair access', value: 'limited' },
      { '@type': 'LocationFeatureSpecification', name: 'Slide', value: true },
    ]);
  });

  it('an indoor place is a Place; with nothing known it carries only name, place and link', async () => {
    const data = placeStructuredData(
      input({
        place: { ...input().place, indoor: true, description: null, free: null },
        facts: [],
        equipment: [],
        openingHours: 'sunrise-sunset',
        photos: [],
        town: null,
      }),
    );
    expect(Object.keys(data).sort()).toEqual(['@context', '@id', '@type', 'geo', 'name', 'url']);
    expect(data['@type']).toBe('Place');
    expect((await unknownTerms(data)).unknown).toEqual([]);
  });

  it('the check itself finds a term schema.org does not have', async () => {
    const { unknown } = await unknownTerms({ ...placeStructuredData(input()), toiletCount: 2 });
    expect(unknown).toEqual([`${SCHEMA}toiletCount`]);
  });
});
