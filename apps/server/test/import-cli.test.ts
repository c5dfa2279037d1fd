/** The import CLI (`npm run import -- <file>`) as a person runs it: messages and exit codes. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';

const script = fileURLToPath(new URL('../src/cli/import.ts', import.meta.url));
const GOTHENBURG = fileURLToPath(
  new URL('fixtures/osm/gothenburg-osm-overpass/lekplatser_ny.json', import.meta.url),
);

describe('npm run import', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'playspot-import-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    spawnSync(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, 'data'), INIT_CWD: dir },
      encoding: 'utf8',
      timeout: 90_000,
    });

  /** Reads the embedded database the runs imported into (the CLI has closed it). */
  async function queryImported<Row>(statement: SQL): Promise<Row[]> {
    const database = await openPglite({
      kind: 'directory',
      directory: path.join(dir, 'data', 'pglite'),
      onLockCompromised: (error) => {
        throw error;
      },
    });
    try {
      return await database.query<Row>(statement);
    } finally {
      await database.close();
    }
  }

  it('exits 1 with a clear message for a missing file', () => {
    const result = run('missing.json');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Cannot read ${path.join(dir, 'missing.json')}: no such file.`);
  });

  it('exits 1 for a file that is not JSON, and for JSON without records', async () => {
    await writeFile(path.join(dir, 'broken.json'), '{"elements": [ {"type": "node", ');
    const broken = run('broken.json');
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json: not valid JSON/u);
    await writeFile(path.join(dir, 'empty.json'), '{"version": 0.6}');
    const empty = run('empty.json');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain('has no records');
  });

  it('exits 2 with the usage for bad arguments', () => {
    const result = run(GOTHENBURG, '--source', 'xml');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run import');
  });

  it('a dry run checks the file and writes nothing', () => {
    const result = run(GOTHENBURG, '--dry-run');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Dry run (nothing written): 128 records');
    expect(result.stderr).toContain('128 would be imported');
  });

  it('imports into the embedded database, and a second run adds nothing', async () => {
    const first = run(GOTHENBURG);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('128 created, 0 updated, 0 unchanged');
    const second = run(GOTHENBURG);
    expect(second.stderr).toContain('0 created, 0 updated, 128 unchanged');
    const [row] = await queryImported<{ n: number }>(
      sql`select count(*)::int as n from locations where source = 'osm'`,
    );
    expect(row?.n).toBe(128);
  }, 180_000);

  const FEED_JSON = fileURLToPath(new URL('fixtures/records/playgrounds.json', import.meta.url));
  const FEED_CSV = fileURLToPath(new URL('fixtures/records/playgrounds.csv', import.meta.url));
  const feedMapping = ['--lat', 'lat', '--lng', 'lon', '--name', 'Name', '--id', 'Prop_ID'];

  it('imports a flat JSON feed through a field mapping, reporting each bad record, and again changes nothing', async () => {
    const args = [
      FEED_JSON,
      '--source',
      'records',
      ...feedMapping,
      '--tag',
      'Accessible=wheelchair accessible',
      '--tag',
      'Adaptive_Swing=adaptive swing',
      '--fact',
      'Accessible=wheelchair',
      '--dataset',
      'NYC Parks (test)',
      '--licence',
      'CC0-1.0',
    ];
    const first = run(...args);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('30 created, 0 updated, 0 unchanged');
    expect(first.stderr).toContain('0 skipped, 8 bad records');
    for (const line of [
      'bad record nyc-parks-test:M200: no latitude (lat is empty)',
      'bad record nyc-parks-test:M201: no latitude (lat is empty)',
      'bad record nyc-parks-test:M202: no latitude (lat is empty)',
      'bad record nyc-parks-test:M203: position (0, -73.95) is a placeholder 0',
      'bad record nyc-parks-test:M204: coordinates out of range (140.7, -73.95)',
      'bad record nyc-parks-test:M205: latitude "40.7x" is not a number',
      'bad record nyc-parks-test:M100: duplicate id in this input (first kept)',
      'bad record nyc-parks-test:M101: duplicate id in this input (first kept)',
    ]) {
      expect(first.stderr).toContain(line);
    }
    const again = run(...args);
    expect(again.stderr).toContain('0 created, 0 updated, 30 unchanged');
    const rows = await queryImported<{ name: string; tags: string[]; latitude: number }>(
      sql`select name, tags, latitude from locations where source = 'NYC Parks (test)' order by name`,
    );
    expect(rows).toHaveLength(30);
    // M100 is accessible with an adaptive swing; its repeat ('… again') was not taken.
    expect(rows.find((row) => row.name === 'Test Playground 1')).toMatchObject({
      tags: ['wheelchair accessible', 'adaptive swing'],
      latitude: 40.721752,
    });
    expect(rows.some((row) => row.name.endsWith('again'))).toBe(false);
    // --fact Accessible=wheelchair: Y and N became the wheelchair fact, credited to the feed.
    const facts = await queryImported<{ name: string; value: string; source: string; licence: string }>(
      sql`select l.name, f.value, f.source, f.licence from imported_facts f join locations l on l.id = f.location_id
          where f.key = 'wheelchair' and f.source = 'NYC Parks (test)' order by l.name`,
    );
    expect(facts).toHaveLength(30);
    expect(facts.find((row) => row.name === 'Test Playground 1')).toEqual({
      name: 'Test Playground 1',
      value: 'yes',
      source: 'NYC Parks (test)',
      licence: 'CC0-1.0',
    });
    expect(facts.find((row) => row.name === 'Test Playground 2')?.value).toBe('no');
  }, 180_000);

  it('reads the same feed as CSV (coordinates as text, null as an empty cell)', () => {
    const result = run(
      FEED_CSV,
      '--source',
      'csv',
      ...feedMapping,
      '--dataset',
      'NYC Parks (test)',
      '--dry-run',
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('30 would be imported');
    expect(result.stderr).toContain('0 skipped, 8 bad records');
  });

  it('asks for the position fields of a flat feed, and refuses them for OSM data', () => {
    const missing = run(FEED_CSV, '--source', 'csv', '--name', 'Name');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Flat records need --lat and --lng');
    const misplaced = run(GOTHENBURG, '--lat', 'lat');
    expect(misplaced.status).toBe(2);
    expect(misplaced.stderr).toContain('are for --source records or csv');
    const badTag = run(FEED_JSON, '--source', 'records', ...feedMapping, '--tag', 'Accessible');
    expect(badTag.status).toBe(2);
    expect(badTag.stderr).toContain('--tag takes <field>=<tag>');
    const badFact = run(FEED_JSON, '--source', 'records', ...feedMapping, '--fact', 'Accessible=pool');
    expect(badFact.status).toBe(2);
    expect(badFact.stderr).toContain('Unknown fact "pool"');
  });

  it('imports playgrounds only from an osmtogeojson extract: member ways and equipment are skipped and counted', async () => {
    const ring = (x: number, y: number) => [
      [
        [x, y],
        [x + 0.001, y],
        [x + 0.001, y + 0.001],
        [x, y],
      ],
    ];
    const extract = {
      type: 'FeatureCollection',
      features: [
        ...[0, 1, 2].map((i) => ({
          type: 'Feature',
          id: `way/${100 + i}`,
          properties: {
            '@id': `way/${100 + i}`,
            leisure: 'playground',
            name: `Spielplatz ${i}`,
            wheelchair: 'yes',
            max_age: '12',
          },
          geometry: { type: 'Polygon', coordinates: ring(8.4 + i * 0.01, 49.0) },
        })),
        ...[0, 1, 2].map((i) => ({
          type: 'Feature',
          id: `way/${200 + i}`,
          // A relation's member way: osmtogeojson writes it with its relations and no tags.
          properties: { '@id': `way/${200 + i}`, '@relations': [{ role: 'outer', rel: 300, reltags: {} }] },
          geometry: {
            type: 'LineString',
            coordinates: [
              [8.5, 49.0 + i * 0.001],
              [8.501, 49.0 + i * 0.001],
            ],
          },
        })),
      ],
    };
    await writeFile(path.join(dir, 'extract.geojson'), JSON.stringify(extract));
    const result = run('extract.geojson', '--dry-run');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('3 would be imported');
    expect(result.stderr).toContain('3 skipped (3 not a playground (no leisure=playground)), 0 bad records');
  });
});
