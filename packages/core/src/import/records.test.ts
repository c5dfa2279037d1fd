import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OSM_LICENCE } from './attribution.ts';
import {
  datasetKey,
  readGeoJsonFeature,
  readImportRecord,
  readOverpassElement,
  tagsFromEquipmentText,
  readFlatRecord,
} from './records.ts';

const dataset = { source: 'Stadt Flensburg', licence: 'CC0-1.0' };

describe('readOverpassElement', () => {
  it('reads a node with its tags', () => {
    expect(
      readOverpassElement(
        { type: 'node', id: 42, lat: 57.7, lon: 11.97, tags: { leisure: 'playground', name: 'Lek' } },
        0,
      ),
    ).toEqual({
      kind: 'place',
      place: {
        sourceId: 'osm:node/42',
        source: 'osm',
        licence: OSM_LICENCE,
        lat: 57.7,
        lng: 11.97,
        name: 'Lek',
        tags: [],
        ageRanges: [],
        indoor: false,
        free: null,
        officialWebsite: null,
        description: null,
        names: {},
        facts: {},
      },
    });
  });

  it.each([
    ['center', { center: { lat: 1, lon: 2 } }, { lat: 1, lng: 2 }],
    ['bounds', { bounds: { minlat: 0, minlon: 0, maxlat: 2, maxlon: 4 } }, { lat: 1, lng: 2 }],
    [
      'closed geometry',
      {
        geometry: [
          { lat: 0, lon: 0 },
          { lat: 0, lon: 2 },
          { lat: 2, lon: 2 },
          { lat: 2, lon: 0 },
          { lat: 0, lon: 0 },
        ],
      },
      { lat: 1, lng: 1 },
    ],
  ])('places a way by its %s', (_name, extra, point) => {
    const outcome = readOverpassElement({ type: 'way', id: 7, tags: { leisure: 'playground' }, ...extra }, 0);
    expect(outcome.kind === 'place' && { lat: outcome.place.lat, lng: outcome.place.lng }).toEqual(point);
  });

  it('places a relation output with geometry at the centroid of its outer members', () => {
    const ring = (x: number) => [
      { lat: 0, lon: x },
      { lat: 0, lon: x + 1 },
      { lat: 1, lon: x + 1 },
      { lat: 1, lon: x },
      { lat: 0, lon: x },
    ];
    const outcome = readOverpassElement(
      {
        type: 'relation',
        id: 11,
        tags: { leisure: 'playground', type: 'multipolygon' },
        members: [
          { type: 'way', role: 'outer', geometry: ring(0) },
          { type: 'way', role: 'outer', geometry: ring(4) },
          { type: 'way', role: 'inner', geometry: ring(0) },
        ],
      },
      0,
    );
    expect(outcome.kind === 'place' && { lat: outcome.place.lat, lng: outcome.place.lng }).toEqual({
      lat: 0.5,
      lng: 2.5,
    });
  });

  it.each<[string, unknown, { kind: string; id: string; reason: RegExp }]>([
    ['a string', 'node', { kind: 'invalid', id: 'record 4', reason: /not a JSON object/ }],
    ['no type', { id: 1 }, { kind: 'invalid', id: 'record 4', reason: /not an OSM element/ }],
    [
      'a way without geometry',
      { type: 'way', id: 5, tags: { leisure: 'playground' } },
      { kind: 'invalid', id: 'osm:way/5', reason: /no usable coordinates/ },
    ],
    [
      'a node off the globe',
      { type: 'node', id: 6, lat: 95, lon: 0, tags: { leisure: 'playground' } },
      { kind: 'invalid', id: 'osm:node/6', reason: /out of range/ },
    ],
    [
      'a private playground',
      { type: 'node', id: 8, lat: 1, lon: 1, tags: { leisure: 'playground', access: 'private' } },
      { kind: 'skipped', id: 'osm:node/8', reason: /access=private/ },
    ],
    [
      'an untagged vertex',
      { type: 'node', id: 9, lat: 1, lon: 1 },
      { kind: 'skipped', id: 'osm:node/9', reason: /no tags/ },
    ],
  ])('reports %s', (_name, raw, expected) => {
    const outcome = readOverpassElement(raw, 3);
    expect(outcome.kind).toBe(expected.kind);
    if (outcome.kind === 'place' || outcome.kind === 'amenity') return;
    expect(outcome.id).toBe(expected.id);
    expect(outcome.reason).toMatch(expected.reason);
  });
});

describe('readGeoJsonFeature', () => {
  it('credits an overpass-turbo polygon to OSM, at its centroid, without @ keys', () => {
    const outcome = readGeoJsonFeature(
      {
        type: 'Feature',
        id: 'way/123',
        properties: { '@id': 'way/123', leisure: 'playground', name: 'Ring', max_age: '6' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [10, 53],
              [10.002, 53],
              [10.002, 53.002],
              [10, 53.002],
              [10, 53],
            ],
          ],
        },
      },
      0,
      dataset,
    );
    expect(outcome).toMatchObject({
      kind: 'place',
      place: { sourceId: 'osm:way/123', source: 'osm', name: 'Ring', ageRanges: ['0-2', '2-5', '5-12'] },
    });
    expect(outcome.kind === 'place' && outcome.place.lat).toBeCloseTo(53.001, 9);
  });

  it('reads a city dataset: name from `place`, equipment words as tags, a stable derived id', () => {
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [9.451032, 54.788259] },
      properties: {
        place: 'Am Sender',
        address: 'Mommsenstraße 47',
        details: 'Schaukel, Sandkasten , Seilbahn, Überdachung',
      },
    };
    const outcome = readGeoJsonFeature(feature, 0, dataset);
    expect(outcome).toEqual({
      kind: 'place',
      place: {
        sourceId: 'stadt-flensburg:am-sender@54.7883,9.4510',
        source: 'Stadt Flensburg',
        licence: 'CC0-1.0',
        lat: 54.788259,
        lng: 9.451032,
        name: 'Am Sender',
        tags: ['swings', 'sandpit', 'zip line', 'shade'],
        ageRanges: [],
        indoor: null,
        free: null,
        officialWebsite: null,
        description: null,
        names: {},
        facts: {},
      },
    });
    expect(readGeoJsonFeature(feature, 7, dataset)).toEqual(outcome);
  });

  it.each<[string, unknown]>([
    ['not a feature', { type: 'FeatureCollection' }],
    ['no geometry', { type: 'Feature', properties: { name: 'x' }, geometry: null }],
    [
      'a point without numbers',
      { type: 'Feature', properties: { name: 'x' }, geometry: { type: 'Point', coordinates: ['a', 'b'] } },
    ],
  ])('reports %s as invalid', (_name, raw) => {
    expect(readGeoJsonFeature(raw, 0, dataset).kind).toBe('invalid');
  });
});

describe('readImportRecord', () => {
  it('tells features from elements unless a format is forced', () => {
    const node = { type: 'node', id: 1, lat: 1, lon: 1, tags: { leisure: 'playground' } };
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1, 1] },
      properties: { name: 'P' },
    };
    expect(readImportRecord(node, 0, { dataset }).kind).toBe('place');
    expect(readImportRecord(feature, 0, { dataset }).kind).toBe('place');
    expect(readImportRecord(node, 0, { dataset, format: 'geojson' }).kind).toBe('invalid');
  });
});

describe('helpers', () => {
  it.each([
    ['Stadt Flensburg', 'stadt-flensburg'],
    ['Göteborgs Stad', 'goteborgs-stad'],
    ['***', 'geojson'],
  ])('datasetKey(%j) → %j', (source, key) => {
    expect(datasetKey(source)).toBe(key);
  });

  it('maps each equipment item once', () => {
    expect(tagsFromEquipmentText('Nestschaukel, Schaukel, Rutsche, Bank')).toEqual(['swings', 'slide']);
  });
});

describe('OSM features that are not playgrounds', () => {
  it.each([
    ['an untagged member way of a playground relation', { '@id': 'way/11', '@relations': '[]' }],
    ['an equipment node', { '@id': 'node/12', playground: 'slide' }],
    ['the park around a playground', { '@id': 'way/13', leisure: 'park', name: 'Stadtgarten' }],
  ])('skips %s and says why', (_label, properties) => {
    const outcome = readGeoJsonFeature(
      {
        type: 'Feature',
        properties,
        geometry: {
          type: 'LineString',
          coordinates: [
            [8.4, 49.0],
            [8.41, 49.01],
          ],
        },
      },
      0,
      { source: 'unused', licence: null },
    );
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'not a playground (no leisure=playground)' });
  });

  it('keeps playgrounds and indoor play places', () => {
    for (const leisure of ['playground', 'indoor_play']) {
      const outcome = readOverpassElement({ type: 'node', id: 5, lat: 49, lon: 8.4, tags: { leisure } }, 0);
      expect(outcome.kind).toBe('place');
    }
  });
});

describe('readFlatRecord (a council feed: JSON array or CSV rows)', () => {
  const dataset = { source: 'NYC Parks', licence: 'public domain' };
  const mapping = {
    lat: 'lat',
    lng: 'lon',
    name: 'Name',
    id: 'Prop_ID',
    tags: { Accessible: 'wheelchair accessible', Adaptive_Swing: 'adaptive swing' },
  };
  const record = (fields: Record<string, unknown>) => ({
    Prop_ID: 'M010',
    Name: 'Hallets Cove Playground',
    lat: '40.7713',
    lon: '-73.9362',
    Accessible: 'Y',
    Adaptive_Swing: 'N',
    ...fields,
  });

  it('reads coordinates given as strings, the name, the id and yes-like fields as tags', () => {
    expect(readFlatRecord(record({}), 0, mapping, dataset)).toEqual({
      kind: 'place',
      place: expect.objectContaining({
        sourceId: 'nyc-parks:M010',
        name: 'Hallets Cove Playground',
        lat: 40.7713,
        lng: -73.9362,
        tags: ['wheelchair accessible'],
        indoor: null,
        source: 'NYC Parks',
        licence: 'public domain',
      }) as unknown,
    });
  });

  it.each([
    [{ lat: '' }, 'no latitude (lat is empty)'],
    [{ lat: null }, 'no latitude (lat is empty)'],
    [{ lon: undefined }, 'no longitude (lon is empty)'],
    [{ lat: '40.7x' }, 'latitude "40.7x" is not a number'],
    [{ lat: '0' }, 'position (0, -73.9362) is a placeholder 0'],
    [{ lon: 0 }, 'position (40.7713, 0) is a placeholder 0'],
    [{ lat: '140.7' }, 'coordinates out of range (140.7, -73.9362)'],
    [{ lon: '-200' }, 'coordinates out of range (40.7713, -200)'],
  ])('refuses %o: %s', (fields, reason) => {
    expect(readFlatRecord(record(fields), 3, mapping, dataset)).toEqual({
      kind: 'invalid',
      id: 'nyc-parks:M010',
      reason,
    });
  });

  it('names a place without a name field by kind, and derives an id from name and position', () => {
    const outcome = readFlatRecord({ y: 51.5, x: '-0.12' }, 0, { lat: 'y', lng: 'x' }, dataset);
    expect(outcome).toMatchObject({
      kind: 'place',
      place: { name: 'Playground', sourceId: 'nyc-parks:unnamed@51.5000,-0.1200' },
    });
  });

  it('is not an object: a bad record by its position', () => {
    expect(readFlatRecord('M010', 6, mapping, dataset)).toEqual({
      kind: 'invalid',
      id: 'record 7',
      reason: 'not a JSON object',
    });
  });

  it('is what readImportRecord reads for the records format, which needs a mapping', () => {
    expect(readImportRecord(record({}), 0, { format: 'records', dataset, mapping }).kind).toBe('place');
    expect(() => readImportRecord(record({}), 0, { format: 'records', dataset })).toThrow(/mapping/u);
  });
});

describe('readFlatRecord (properties)', () => {
  const dataset = { source: 'Feed', licence: null };
  it('reads any valid position written as text back to the same numbers', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }).filter((lat) => lat !== 0),
        fc.double({ min: -180, max: 180, noNaN: true }).filter((lng) => lng !== 0),
        (lat, lng) => {
          const outcome = readFlatRecord(
            { a: String(lat), b: String(lng) },
            0,
            { lat: 'a', lng: 'b' },
            dataset,
          );
          return outcome.kind === 'place' && outcome.place.lat === lat && outcome.place.lng === lng;
        },
      ),
    );
  });

  it('never throws, whatever the fields hold', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'n'), fc.jsonValue()), (fields) => {
        const outcome = readFlatRecord(fields, 0, { lat: 'a', lng: 'b', name: 'n' }, dataset);
        return ['place', 'invalid', 'skipped'].includes(outcome.kind);
      }),
    );
  });
});

describe('facts and amenities from records', () => {
  it('keeps the facts of an OSM playground', () => {
    const outcome = readOverpassElement(
      {
        type: 'node',
        id: 1,
        lat: 53.87,
        lon: 10.68,
        tags: {
          leisure: 'playground',
          wheelchair: 'limited',
          surface: 'woodchips',
          max_age: '12',
          opening_hours: 'Mo-Su 08:00-20:00',
        },
      },
      0,
    );
    expect(outcome.kind === 'place' && outcome.place.facts).toEqual({
      wheelchair: 'limited',
      surface: 'bark',
      max_age: '12',
      opening_hours: 'Mo-Su 08:00-20:00',
    });
  });

  it('reads a public toilet as an amenity, with its changing table', () => {
    const outcome = readOverpassElement(
      { type: 'node', id: 5, lat: 53.87, lon: 10.68, tags: { amenity: 'toilets', changing_table: 'yes' } },
      0,
    );
    expect(outcome).toEqual({
      kind: 'amenity',
      amenity: {
        sourceId: 'osm:node/5',
        kinds: ['toilets', 'changing_table'],
        source: 'osm',
        licence: OSM_LICENCE,
        lat: 53.87,
        lng: 10.68,
      },
    });
  });

  it('skips private toilets and other points that are neither', () => {
    for (const tags of [{ amenity: 'toilets', access: 'private' }, { amenity: 'bench' }]) {
      expect(readOverpassElement({ type: 'node', id: 6, lat: 1, lon: 1, tags }, 0).kind).toBe('skipped');
    }
  });

  it('reads facts from a flat feed through a fact mapping', () => {
    const outcome = readFlatRecord(
      { Name: 'Pier 6', lat: '40.69', lon: '-74.0', Accessible: 'Y', Adaptive_Swing: 'N', Hours: '' },
      0,
      {
        lat: 'lat',
        lng: 'lon',
        name: 'Name',
        facts: { Accessible: 'wheelchair', Adaptive_Swing: 'baby_swing', Hours: 'opening_hours' },
      },
      { source: 'NYC Parks', licence: null },
    );
    expect(outcome.kind === 'place' && outcome.place.facts).toEqual({
      wheelchair: 'yes',
      'equipment:baby_swing': 'no',
    });
  });
});
