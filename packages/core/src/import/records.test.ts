import { describe, expect, it } from 'vitest';
import { OSM_LICENCE } from './attribution.ts';
import {
  datasetKey,
  readGeoJsonFeature,
  readImportRecord,
  readOverpassElement,
  tagsFromEquipmentText,
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
    if (outcome.kind === 'place') return;
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
