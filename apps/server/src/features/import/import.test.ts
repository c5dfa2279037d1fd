/**
 * The importer on both database backends, with copies of real extracts (test/fixtures/osm,
 * each with its SOURCE.md and licence): counts, mapped fields, private playgrounds left out,
 * idempotent re-import, merging across sources, bad records reported, attribution in the API.
 */
import { fileURLToPath } from 'node:url';
import { OSM_ATTRIBUTION } from '@playspot/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { setRole, signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { importRecords, type ImportOptions, type RecordProblem } from './importer.ts';
import { openRecordFile } from './read-records.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../test/fixtures/osm/${name}`, import.meta.url));
const LUEBECK = fixture('luebeck-osm-geojson/playgrounds.geojson');
const GOTHENBURG = fixture('gothenburg-osm-overpass/lekplatser_ny.json');
const FLENSBURG = fixture('flensburg-city-geojson/spielplaetze_flensburg.geojson');
const FLENSBURG_DATASET = { source: 'Stadt Flensburg', licence: 'CC0-1.0' };
const OTHER = { source: 'test', licence: null };

interface StoredRow {
  name: string;
  tags: string[];
  age_ranges: string[];
  indoor: boolean | null;
  free: boolean | null;
  official_website: string | null;
  source: string | null;
  licence: string | null;
  time_zone: string;
  created_by_user_name: string;
  id: string;
  /** What the sources stated (facts.ts keys), tags that state facts included. */
  facts: Record<string, string>;
}

describeEachBackend('import', (database) => {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database().db;
  const importFile = async (file: string, options: Partial<ImportOptions> = {}) => {
    const problems: RecordProblem[] = [];
    const summary = await importRecords(db(), (await openRecordFile(file)).records, {
      dataset: OTHER,
      onProblem: (problem) => problems.push(problem),
      ...options,
    });
    return { summary, problems };
  };
  const bySourceId = async (sourceId: string) => {
    const [row] = await database().query<StoredRow>(
      sql`select id, name, tags, age_ranges, indoor, free, official_website, source, licence, time_zone,
            created_by_user_name, facts
          from locations where source_id = ${sourceId}`,
    );
    return row;
  };
  const count = async (where = sql`true`) => {
    const [row] = await database().query<{ n: number }>(
      sql`select count(*)::int as n from locations where ${where}`,
    );
    return row?.n ?? 0;
  };

  const indexNames = async () =>
    (
      await database().query<{ name: string }>(
        sql`select indexname as name from pg_indexes where tablename = 'locations' order by 1`,
      )
    ).map((row) => row.name);

  it('imports the Lübeck overpass-turbo GeoJSON: polygons and points, private ones left out', async () => {
    const indexesBefore = await indexNames();
    // The first load into an empty table, in bulk: indexes dropped and rebuilt once.
    const { summary, problems } = await importFile(LUEBECK, { batchSize: 100, bulk: true });
    expect(await indexNames()).toEqual(indexesBefore);
    expect(summary).toMatchObject({
      read: 326,
      created: 307,
      updated: 0,
      merged: 0,
      skipped: 19,
      invalid: 0,
    });
    expect(problems).toHaveLength(19);
    expect(problems.every((p) => p.kind === 'skipped' && p.reason === 'access=private')).toBe(true);
    expect(problems.map((p) => p.id)).toContain('osm:way/149740703');
    expect(await bySourceId('osm:way/149740703')).toBeUndefined();
    expect(await count(sql`source = 'osm'`)).toBe(307);
  });

  it('maps the OSM tags, keeps the source id and credits OpenStreetMap', async () => {
    // A multipolygon relation, placed at its centroid.
    const heidebrink = await bySourceId('osm:relation/4734858');
    expect(heidebrink).toMatchObject({
      name: 'Heidebrink',
      indoor: false,
      source: 'osm',
      licence: 'ODbL-1.0',
      time_zone: 'Europe/Berlin',
      created_by_user_name: 'batch',
    });
    // fee=no, max_age=12.
    expect(await bySourceId('osm:way/107950642')).toMatchObject({
      name: 'Großer Bauhof',
      free: true,
      age_ranges: ['0-2', '2-5', '5-12'],
    });
    // min_age=6, max_age=14, wheelchair=yes.
    expect(await bySourceId('osm:way/142457147')).toMatchObject({
      age_ranges: ['5-12', '12+'],
    });
    // Tags that state a fact (wheelchair=yes, a sandpit) are stored as the source's facts, the rest as tags.
    const accessible = await bySourceId('osm:way/142457147');
    expect(accessible?.tags).toEqual(
      expect.arrayContaining(['slide', 'swings', 'roundabout', 'spring rider']),
    );
    expect(accessible?.tags).not.toContain('wheelchair accessible');
    expect(accessible?.facts).toMatchObject({ wheelchair: 'yes', 'equipment:sandpit': 'yes' });
    expect((await bySourceId('osm:way/32369488'))?.official_website).toMatch(
      /^http:\/\/stadtentwicklung\.luebeck\.de\//,
    );
  });

  it('re-importing the same file creates nothing and changes nothing', async () => {
    const before = await count();
    // bulk is ignored once there are places: merging and live queries need the indexes.
    const { summary } = await importFile(LUEBECK, { bulk: true });
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 307, skipped: 19 });
    expect(await count()).toBe(before);
  });

  it('imports a bare Overpass element array, naming unnamed playgrounds', async () => {
    const { summary } = await importFile(GOTHENBURG);
    expect(summary).toMatchObject({ read: 128, created: 128, skipped: 0, invalid: 0 });
    const gothenburg = sql`source_id like 'osm:node/%' and time_zone = 'Europe/Stockholm'`;
    expect(await count(gothenburg)).toBe(128);
    expect(await count(sql`${gothenburg} and name = 'Playground'`)).toBe(118);
  });

  it('imports a city dataset credited to it, with equipment as tags', async () => {
    const { summary } = await importFile(FLENSBURG, { dataset: FLENSBURG_DATASET });
    expect(summary).toMatchObject({ read: 76, created: 76, invalid: 0 });
    const [row] = await database().query<StoredRow>(
      sql`select name, tags, source, licence, indoor from locations where name = 'Am Sender'`,
    );
    expect(row).toMatchObject({ source: 'Stadt Flensburg', licence: 'CC0-1.0', indoor: null });
    expect(row?.tags).toEqual(expect.arrayContaining(['swings', 'sandpit', 'zip line', 'shade']));
    expect((await importFile(FLENSBURG, { dataset: FLENSBURG_DATASET })).summary).toMatchObject({
      created: 0,
      unchanged: 76,
    });
  });

  it('merges a nearby place of the same name from another source instead of doubling it', async () => {
    const before = await count();
    const heidebrink = await bySourceId('osm:relation/4734858');
    const [centre] = await database().query<{ lat: number; lng: number }>(
      sql`select latitude as lat, longitude as lng from locations where source_id = 'osm:relation/4734858'`,
    );
    if (!centre || !heidebrink) throw new Error('fixture missing');
    const feature = (id: string, name: string, metresEast: number, extra: Record<string, string> = {}) => ({
      type: 'Feature',
      id,
      properties: { name, fee: 'no', fenced: 'yes', ...extra },
      geometry: {
        type: 'Point',
        coordinates: [
          centre.lng + metresEast / (111_320 * Math.cos((centre.lat * Math.PI) / 180)),
          centre.lat,
        ],
      },
    });
    const cityData = [
      feature('hb', 'HEIDEBRINK', 20),
      feature('far', 'Heidebrink', 80),
      feature('other', 'Rosengarten', 5),
      // Same words, another number: a different playground next door.
      feature('numbered', 'Heidebrink 2', 10),
    ];
    const city = { source: 'Hansestadt Lübeck', licence: 'dl-de/by-2-0' };
    const first = await importRecords(db(), cityData, { dataset: city });
    expect(first).toMatchObject({ merged: 1, created: 3 });
    expect(await count()).toBe(before + 3);
    const merged = await bySourceId('osm:relation/4734858');
    // The OSM place keeps its identity and gains what the city knew.
    expect(merged).toMatchObject({
      id: heidebrink.id,
      name: 'Heidebrink',
      free: true,
      tags: [],
      source: 'osm',
    });
    expect(merged?.facts).toMatchObject({ fenced: 'yes' });
    const again = await importRecords(db(), cityData, { dataset: city });
    expect(again).toMatchObject({ merged: 1, created: 0, updated: 0 });
    expect(await count()).toBe(before + 3);
  });

  it('reports bad records with their id and reason and imports the rest', async () => {
    const problems: RecordProblem[] = [];
    const summary = await importRecords(
      db(),
      [
        { type: 'node', id: 900001, lat: 54.1, lon: 10.1, tags: { leisure: 'playground', name: 'Good' } },
        { type: 'way', id: 900002, tags: { leisure: 'playground' } },
        { type: 'node', id: 900003, lat: 123, lon: 10, tags: { leisure: 'playground' } },
        { type: 'node', id: 900001, lat: 54.1, lon: 10.1, tags: { leisure: 'playground', name: 'Good' } },
        'garbage',
      ],
      { dataset: OTHER, onProblem: (problem) => problems.push(problem) },
    );
    expect(summary).toMatchObject({ read: 5, created: 1, invalid: 4 });
    expect(problems).toEqual([
      { kind: 'invalid', id: 'osm:way/900002', reason: 'no usable coordinates' },
      { kind: 'invalid', id: 'osm:node/900003', reason: 'coordinates out of range (123, 10)' },
      { kind: 'invalid', id: 'osm:node/900001', reason: 'duplicate id in this input (first kept)' },
      { kind: 'invalid', id: 'record 5', reason: 'not a JSON object' },
    ]);
  });

  it('imports a place with unreadable opening hours and lists it in the summary, never an error', async () => {
    const problems: RecordProblem[] = [];
    const tags = (hours: string) => ({ leisure: 'playground', name: `Hours ${hours}`, opening_hours: hours });
    const summary = await importRecords(
      db(),
      [
        { type: 'node', id: 900101, lat: 54.11, lon: 10.11, tags: tags('Mo-Fr 09:00-19:00') },
        { type: 'node', id: 900102, lat: 54.12, lon: 10.12, tags: tags('Mo-Xy 09:00-19:00') },
        { type: 'node', id: 900103, lat: 54.13, lon: 10.13, tags: tags('sunrise-sunset') },
      ],
      { dataset: OTHER, onProblem: (problem) => problems.push(problem) },
    );
    expect(summary).toMatchObject({ read: 3, created: 3, invalid: 0, unreadableHours: 1 });
    expect(problems).toEqual([
      { kind: 'unreadableHours', id: 'osm:node/900102', reason: 'opening_hours "Mo-Xy 09:00-19:00"' },
    ]);
    const [row] = await database().query<{ hours: string }>(
      sql`select facts ->> 'opening_hours' as hours from locations where source_id = 'osm:node/900102'`,
    );
    // Kept as stated, so the page can show it and a parent can correct it.
    expect(row?.hours).toBe('Mo-Xy 09:00-19:00');
  });

  it("keeps a place's names in the app's languages, for its page, the map's list and search (issue 46)", async () => {
    const place = (names: Record<string, string>) => ({
      type: 'node',
      id: 900201,
      lat: 54.21,
      lon: 10.21,
      tags: { leisure: 'playground', name: 'Spielplatz am Meer', ...names },
    });
    // Made-up tags in OpenStreetMap's shape: a language the app does not speak (ko) and one
    // saying the local name again (de) are not kept.
    const first = await importRecords(
      db(),
      [
        place({
          'name:en': 'Seaside Playground',
          'name:ko': '바닷가 놀이터',
          'name:de': 'Spielplatz am Meer',
        }),
      ],
      { dataset: OTHER },
    );
    expect(first.created).toBe(1);
    const stored = await bySourceId('osm:node/900201');
    const read = async () =>
      (await app?.inject({ method: 'GET', url: `/api/locations/${String(stored?.id)}` }))?.json<{
        name: string;
        names?: Record<string, string>;
      }>();
    expect(await read()).toMatchObject({ name: 'Spielplatz am Meer', names: { en: 'Seaside Playground' } });
    // The importer writes past the API: its rows reach the map index through the change feed.
    await app?.mapIndex?.catchUp();
    const near = await app?.inject({
      method: 'GET',
      url: '/api/locations/summaries?lat=54.21&lng=10.21&limit=5',
    });
    const summary = near
      ?.json<{ items: { id: string; names?: Record<string, string> }[] }>()
      .items.find((item) => item.id === stored?.id);
    expect(summary?.names).toEqual({ en: 'Seaside Playground' });
    const search = await app?.inject({
      method: 'GET',
      url: '/api/locations/search?q=Spielplatz%20am%20Meer',
    });
    expect(search?.body).toContain('"names":{"en":"Seaside Playground"}');
    // Most places have none, and say nothing about it.
    const other = await bySourceId('osm:node/900101');
    const plain = await app?.inject({ method: 'GET', url: `/api/locations/${String(other?.id)}` });
    expect(plain?.json()).not.toHaveProperty('names');

    // A re-import brings the source's new names.
    const again = await importRecords(db(), [place({ 'name:en': 'Seaside Play', 'name:ar': 'ملعب البحر' })], {
      dataset: OTHER,
    });
    expect(again.updated).toBe(1);
    expect((await read())?.names).toEqual({ en: 'Seaside Play', ar: 'ملعب البحر' });

    // A moderator's new name is the name: the source's other names were of the old one.
    if (!app) throw new Error('the app was not built');
    const moderator = await signInAs(app, 'names-moderator');
    await setRole(database(), 'names-moderator', 'moderator');
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/locations/${String(stored?.id)}`,
      headers: moderator.headers,
      payload: { name: 'Strandspielplatz' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await read()).not.toHaveProperty('names');
  });

  it('a dry run writes nothing', async () => {
    const before = await count();
    const summary = await importRecords(null, (await openRecordFile(GOTHENBURG)).records, {
      dataset: OTHER,
      dryRun: true,
    });
    expect(summary).toMatchObject({ read: 128, created: 0 });
    expect(await count()).toBe(before);
  });

  it('leaves places people have edited alone on re-import', async () => {
    const [user] = await database().query<{ id: string }>(
      sql`insert into users (issuer, subject, user_name) values ('test', 'editor', 'editor') returning id`,
    );
    await database().query(
      sql`update locations set name = 'Heidebrink (renovated)', last_updated_by_user_id = ${user?.id}
          where source_id = 'osm:relation/4734858'`,
    );
    const { summary } = await importFile(LUEBECK);
    expect(summary.created).toBe(0);
    expect((await bySourceId('osm:relation/4734858'))?.name).toBe('Heidebrink (renovated)');
  });

  it('the API credits imported data: OSM, a city dataset, none for a place people added', async () => {
    const read = async (where: ReturnType<typeof sql>) => {
      const [row] = await database().query<{ id: string }>(
        sql`select id from locations where ${where} limit 1`,
      );
      const response = await app?.inject({ method: 'GET', url: `/api/locations/${row?.id}` });
      expect(response?.statusCode).toBe(200);
      return response?.json<{
        source: string | null;
        licence: string | null;
        attribution: string | null;
      }>();
    };
    expect(await read(sql`source = 'osm'`)).toMatchObject({
      source: 'osm',
      licence: 'ODbL-1.0',
      attribution: OSM_ATTRIBUTION,
    });
    expect(await read(sql`source = 'Stadt Flensburg'`)).toMatchObject({
      attribution: 'Data: Stadt Flensburg (CC0-1.0)',
    });
  });
});
