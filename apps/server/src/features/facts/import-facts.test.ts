/**
 * Imports keep the facts (issue 18): the Lübeck extract's OSM wheelchair, surface,
 * opening_hours and max_age values become facts with their provenance, a re-import changes
 * nothing, what parents said survives a re-import, and public toilets nearby are imported as
 * amenities that the toilets filter counts.
 */
import { fileURLToPath } from 'node:url';
import type { PlaceFacts } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { importRecords, openRecordFile, type RecordProblem } from '../import/index.ts';

const LUEBECK = fileURLToPath(
  new URL('../../../test/fixtures/osm/luebeck-osm-geojson/playgrounds.geojson', import.meta.url),
);
const OTHER = { source: 'test', licence: null };

describeEachBackend('facts from imports', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const importLuebeck = async () => {
    const problems: RecordProblem[] = [];
    const summary = await importRecords(database().db, (await openRecordFile(LUEBECK)).records, {
      dataset: OTHER,
      onProblem: (problem) => problems.push(problem),
    });
    return { summary, problems };
  };
  const idOf = async (sourceId: string) => {
    const [row] = await database().query<{ id: string }>(
      sql`select id from locations where source_id = ${sourceId}`,
    );
    if (!row) throw new Error(`no place ${sourceId}`);
    return row.id;
  };
  const factsOf = async (id: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: `/api/locations/${id}/facts`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlaceFacts>();
  };
  const snapshot = async () =>
    database().query<{ facts: string }>(
      sql`select (select json_agg(f order by f.location_id, f.key)::text from imported_facts f) ||
            (select json_agg(json_build_object('id', id, 'facts', facts, 'at', last_updated_at) order by id)::text from locations) as facts`,
    );

  it('shows the OSM wheelchair, surface, opening_hours and max_age values as facts, credited to OSM', async () => {
    const { summary } = await importLuebeck();
    expect(summary).toMatchObject({ created: 307, skipped: 19, invalid: 0 });
    const stated = await database().query<{ key: string; n: number }>(
      sql`select key, count(*)::int as n from imported_facts group by key`,
    );
    const count = Object.fromEntries(stated.map((row) => [row.key, row.n]));
    // The extract's own tag counts, less the private playgrounds left out.
    expect(count.wheelchair).toBeGreaterThanOrEqual(35);
    expect(count.surface).toBeGreaterThanOrEqual(8);
    expect(count.opening_hours).toBeGreaterThanOrEqual(8);
    expect(count.max_age).toBeGreaterThanOrEqual(8);
    expect(summary.factsChanged).toBe(
      (
        await database().query<{ n: number }>(
          sql`select count(distinct location_id)::int as n from imported_facts`,
        )
      )[0]?.n,
    );

    // opening_hours=24/7, surface=sand, wheelchair=limited.
    const { facts } = await factsOf(await idOf('osm:way/539765930'));
    const byKey = Object.fromEntries(facts.map((fact) => [fact.key, fact]));
    expect(byKey.opening_hours).toMatchObject({
      value: '24/7',
      confirmedBy: 0,
      disputed: false,
      myAnswer: null,
    });
    expect(byKey.surface?.value).toBe('sand');
    expect(byKey.wheelchair?.value).toBe('limited');
    expect(byKey.wheelchair?.imported).toEqual({
      value: 'limited',
      source: 'osm',
      licence: 'ODbL-1.0',
      attribution: '© OpenStreetMap contributors',
    });
    // max_age=12, dog=no, surface=fine_sand.
    const maxAged = Object.fromEntries(
      (await factsOf(await idOf('osm:node/298078364'))).facts.map((fact) => [fact.key, fact.value]),
    );
    expect(maxAged).toMatchObject({ max_age: '12', dogs: 'no', surface: 'sand' });
  });

  it('a re-import changes nothing', async () => {
    const before = await snapshot();
    const { summary } = await importLuebeck();
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 307, factsChanged: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('never overwrites what parents said, and follows the source when it changes', async () => {
    const id = await idOf('osm:way/394321062'); // wheelchair=yes, opening_hours=09:00-19:00
    const parents = [await signInAs(app, 'Imp_Parent1'), await signInAs(app, 'Imp_Parent2')];
    for (const parent of parents) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/facts/wheelchair`,
        headers: parent.headers,
        payload: { value: 'no' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    // The source changes its mind on the hours and drops wheelchair; the parents' word stays.
    const changed = [
      {
        type: 'Feature',
        properties: { '@id': 'way/394321062', leisure: 'playground', opening_hours: '08:00-20:00' },
        geometry: { type: 'Point', coordinates: [10.7, 53.87] },
      },
    ];
    const placeBefore = await database().query(
      sql`select latitude, longitude from locations where id = ${id}`,
    );
    const summary = await importRecords(database().db, changed, { dataset: OTHER });
    expect(summary.factsChanged).toBe(1);
    const facts = Object.fromEntries((await factsOf(id)).facts.map((fact) => [fact.key, fact]));
    expect(facts.opening_hours?.value).toBe('08:00-20:00');
    expect(facts.wheelchair).toMatchObject({ value: 'no', confirmedBy: 2, imported: null });
    expect(placeBefore).toHaveLength(1);
    const [shown] = await database().query<{ facts: Record<string, string> }>(
      sql`select facts from locations where id = ${id}`,
    );
    expect(shown?.facts).toEqual({ opening_hours: '08:00-20:00', wheelchair: 'no' });
  });

  it('imports public toilets as amenities: a place says how far, and the toilets filter counts one within 200 m', async () => {
    // Two playgrounds in Lübeck's old town; a public toilet 120 m north of the first only.
    const first = { lat: 53.8655, lng: 10.6866 };
    const second = { lat: 53.8755, lng: 10.6866 };
    const metresNorth = (point: { lat: number; lng: number }, metres: number) => ({
      lat: point.lat + metres / 111_195,
      lng: point.lng,
    });
    const toilet = metresNorth(first, 120);
    const records = [
      {
        type: 'node',
        id: 9001,
        lat: first.lat,
        lon: first.lng,
        tags: { leisure: 'playground', name: 'Koberg Play' },
      },
      {
        type: 'node',
        id: 9002,
        lat: second.lat,
        lon: second.lng,
        tags: { leisure: 'playground', name: 'Burgtor Play' },
      },
      {
        type: 'node',
        id: 9003,
        lat: toilet.lat,
        lon: toilet.lng,
        tags: { amenity: 'toilets', changing_table: 'yes' },
      },
      {
        type: 'node',
        id: 9004,
        ...(({ lat, lng }) => ({ lat, lon: lng }))(metresNorth(second, 60)),
        tags: { amenity: 'toilets', access: 'private' },
      },
      {
        type: 'node',
        id: 9005,
        ...(({ lat, lng }) => ({ lat, lon: lng }))(metresNorth(second, 300)),
        tags: { amenity: 'drinking_water' },
      },
    ];
    const summary = await importRecords(database().db, records, { dataset: OTHER });
    expect(summary).toMatchObject({ created: 2, amenities: 2, skipped: 1 });
    const firstId = await idOf('osm:node/9001');
    const secondId = await idOf('osm:node/9002');
    expect((await factsOf(firstId)).nearby).toEqual([
      { kind: 'changing_table', distanceM: 120 },
      { kind: 'toilets', distanceM: 120 },
    ]);
    expect((await factsOf(secondId)).nearby).toEqual([{ kind: 'drinking_water', distanceM: 300 }]);

    await app.mapIndex?.catchUp();
    const near = async (query: string) => {
      const response = await app.inject({
        url: `/api/locations/summaries?lat=${first.lat}&lng=${first.lng}&radiusKm=3&limit=50${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: { id: string; facts?: string[] }[] }>().items;
    };
    const withToilets = await near('&has=toilets');
    expect(withToilets.map((item) => item.id)).toContain(firstId);
    expect(withToilets.map((item) => item.id)).not.toContain(secondId);
    expect((await near('')).find((item) => item.id === firstId)?.facts).toEqual(['toilets']);
    // Re-importing the amenities changes nothing.
    expect((await importRecords(database().db, records, { dataset: OTHER })).amenities).toBe(2);
    expect((await database().query<{ n: number }>(sql`select count(*)::int as n from amenities`))[0]?.n).toBe(
      3,
    );
  });
});
