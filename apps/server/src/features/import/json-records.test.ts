import { describe, expect, it } from 'vitest';
import { JsonRecordError, splitJsonRecords } from './json-records.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function collect(text: string, size = text.length || 1): Promise<unknown[]> {
  const records: unknown[] = [];
  for await (const record of splitJsonRecords(chunksOf(text, size))) records.push(record);
  return records;
}

const tricky = [
  {
    type: 'node',
    id: 1,
    tags: { name: 'Brace } and bracket ] inside', note: 'quote \\" and \\\\ backslash' },
  },
  {
    type: 'way',
    id: 2,
    geometry: [
      [1, 2],
      [3, 4],
    ],
    tags: { name: 'Ünïcödé 🎠, "elements": [' },
  },
  'a string record',
  42,
  null,
];

describe('splitJsonRecords', () => {
  it.each([
    ['a bare array', JSON.stringify(tricky)],
    [
      'Overpass elements',
      JSON.stringify({ version: 0.6, osm3s: { copyright: '[x]' }, elements: tricky, remark: 'z' }),
    ],
    [
      'GeoJSON features after other members',
      JSON.stringify({
        type: 'FeatureCollection',
        name: 'features',
        crs: { properties: { elements: [9] } },
        features: tricky,
      }),
    ],
    ['pretty-printed', `\uFEFF${JSON.stringify({ features: tricky }, null, 2)}\n`],
  ])('reads %s, whatever the chunk boundaries', async (_name, text) => {
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(await collect(text, size)).toEqual(tricky);
  });

  it('finds no records in an object without elements or features, or in an empty array', async () => {
    expect(await collect('{"version": 0.6, "generator": "elements"}')).toEqual([]);
    expect(await collect('[]')).toEqual([]);
    expect(await collect('{"features": []}')).toEqual([]);
  });

  it.each([
    ['an empty file', ''],
    ['a top-level string', '"hello"'],
    ['a truncated document', '{"elements": [ {"type": "node", '],
    ['a record that is not JSON', '[{"a": 1}, {"b": nope}]'],
    ['too many closing brackets', '[]]'],
  ])('refuses %s', async (_name, text) => {
    await expect(collect(text)).rejects.toBeInstanceOf(JsonRecordError);
  });
});
