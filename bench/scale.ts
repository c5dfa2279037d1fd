/**
 * Scale proof: 1 000 000 generated play spots clustered around ~200 world cities, loaded with
 * the real importer, then the map's queries measured through the API (in process, no network):
 * radius 5 km, viewport at world / city / street zoom, name search; and the spec's original
 * radius approach (latitude band from the database, longitude + haversine in application
 * code) against the PostGIS radius query on the same data and centres.
 *
 *   npm run bench:scale     (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/playspot_scale;
 *                            SCALE_LOCATIONS, default 1000000; SCALE_SAMPLES per query, default 200)
 *
 * The database is dropped and recreated on every run. Prints a Markdown table and writes it
 * to bench/results/scale-latest.md.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { haversineKm, kmToLatitudeDegrees, kmToLongitudeDegrees, type LatLng } from '@playspot/core';
import { sql } from 'drizzle-orm';
import * as prettier from 'prettier';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { importRecords } from '../apps/server/src/features/import/importer.ts';
import { openRecordFile } from '../apps/server/src/features/import/read-records.ts';
import { LocalDiskStorage } from '../apps/server/src/storage/local-storage.ts';
import { CITIES } from './lib/cities.ts';
import { recreateDatabase, SCALE_DATABASE_URL } from './lib/scale-database.ts';
import { scaleElements } from './lib/scale-data.ts';
import { percentile } from './lib/stats.ts';
import { queryCentres, type Centre } from './lib/workload.ts';
import { SMOKE, SMOKE_NOTE, smokeOr } from './lib/smoke.ts';

function integerFromEnv(name: string, fallback: number, minimum: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum)
    throw new Error(`${name} must be an integer ≥ ${minimum}, got "${raw}"`);
  return value;
}

const settings = {
  // A smoke run (BENCH_SMOKE=1) recreates a database of its own.
  url: process.env.BENCH_DATABASE_URL ?? (SMOKE ? `${SCALE_DATABASE_URL}_smoke` : SCALE_DATABASE_URL),
  locations: integerFromEnv('SCALE_LOCATIONS', smokeOr(1_000_000, 2000), 1000),
  samples: integerFromEnv('SCALE_SAMPLES', smokeOr(200, 10), 10),
};
const INCREMENTAL = Math.min(100_000, Math.max(1000, Math.round(settings.locations / 10)));
const RADIUS_KM = 5;
const WARMUP = 20;
const log = (message: string) => {
  console.log(`[scale] ${message}`);
};
const resultsFile = fileURLToPath(new URL('results/scale-latest.md', import.meta.url));

interface Row {
  what: string;
  p50: number;
  p99: number;
  bytes: number | null;
  note: string;
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** p50/p99 (ms) and mean response size of GET `paths` against the app. */
async function measureApi(app: FastifyInstance, what: string, paths: string[], note = ''): Promise<Row> {
  for (const url of paths.slice(0, WARMUP)) await app.inject({ method: 'GET', url });
  const latencies: number[] = [];
  let bytes = 0;
  for (const url of paths) {
    const { ms, value } = await time(() => app.inject({ method: 'GET', url }));
    if (value.statusCode !== 200)
      throw new Error(`${url} answered ${value.statusCode}: ${value.body.slice(0, 300)}`);
    latencies.push(ms);
    bytes += value.rawPayload.length;
  }
  return {
    what,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes: bytes / paths.length,
    note,
  };
}

interface BandRow {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

/**
 * The spec's original radius search: the database can range-filter one field, so it returns
 * the latitude band; longitude and the haversine distance are checked in application code.
 */
async function originalApproach(
  database: DatabaseHandle,
  centre: LatLng,
): Promise<{ matched: number; fetched: number }> {
  const dLat = kmToLatitudeDegrees(RADIUS_KM);
  const dLng = kmToLongitudeDegrees(RADIUS_KM, centre.lat);
  const band = await database.query<BandRow & Record<string, unknown>>(
    sql`select * from locations where latitude between ${centre.lat - dLat} and ${centre.lat + dLat}`,
  );
  let matched = 0;
  for (const row of band) {
    if (Math.abs(row.longitude - centre.lng) > dLng) continue;
    if (haversineKm(centre, { lat: row.latitude, lng: row.longitude }) <= RADIUS_KM) matched += 1;
  }
  return { matched, fetched: band.length };
}

async function radiusQuery(database: DatabaseHandle, centre: LatLng): Promise<number> {
  const rows = await database.query<BandRow>(
    sql`select * from locations
        where ST_DWithin(position, ST_SetSRID(ST_MakePoint(${centre.lng}::float8, ${centre.lat}::float8), 4326)::geography, ${RADIUS_KM * 1000}::float8, false)`,
  );
  return rows.length;
}

async function compareRadius(
  database: DatabaseHandle,
  centres: Centre[],
): Promise<{ rows: Row[]; ratio: number }> {
  // Firestore indexes every field; give the band query the same advantage.
  await database.query(sql`create index if not exists locations_latitude_idx on locations (latitude)`);
  await database.query(sql`analyze locations`);
  for (const centre of centres.slice(0, WARMUP)) {
    await originalApproach(database, centre);
    await radiusQuery(database, centre);
  }
  const band: number[] = [];
  const postgis: number[] = [];
  let fetched = 0;
  let matched = 0;
  for (const centre of centres) {
    const original = await time(() => originalApproach(database, centre));
    const radius = await time(() => radiusQuery(database, centre));
    if (original.value.matched !== radius.value) {
      // Haversine (sphere) and ST_DWithin(…, false) (sphere) agree up to rounding at the edge.
      if (Math.abs(original.value.matched - radius.value) > 1)
        throw new Error(
          `approaches disagree at ${centre.lat},${centre.lng}: ${original.value.matched} vs ${radius.value}`,
        );
    }
    band.push(original.ms);
    postgis.push(radius.ms);
    fetched += original.value.fetched;
    matched += radius.value;
  }
  await database.query(sql`drop index locations_latitude_idx`);
  const n = centres.length;
  const ratio = percentile(band, 50) / percentile(postgis, 50);
  return {
    ratio,
    rows: [
      {
        what: 'spec original: latitude band + haversine in app',
        p50: percentile(band, 50),
        p99: percentile(band, 99),
        bytes: null,
        note: `fetches ${Math.round(fetched / n).toLocaleString('en-GB')} rows to keep ${Math.round(matched / n)}`,
      },
      {
        what: 'PostGIS radius (ST_DWithin, GiST)',
        p50: percentile(postgis, 50),
        p99: percentile(postgis, 99),
        bytes: null,
        note: `same ${Math.round(matched / n)} rows; ${ratio.toFixed(1)}× faster at p50`,
      },
    ],
  };
}

const box = (centre: Centre, halfLng: number, halfLat: number, zoom: number) =>
  `/api/locations/viewport?west=${(centre.lng - halfLng).toFixed(5)}&south=${(centre.lat - halfLat).toFixed(5)}` +
  `&east=${(centre.lng + halfLng).toFixed(5)}&north=${(centre.lat + halfLat).toFixed(5)}&zoom=${zoom}`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (value: number | null) => (value === null ? '' : `${(value / 1024).toFixed(1)} KiB`);

function table(rows: Row[]): string {
  const lines = ['| measurement | p50 | p99 | response | notes |', '| --- | ---: | ---: | ---: | --- |'];
  for (const row of rows)
    lines.push(`| ${row.what} | ${ms(row.p50)} | ${ms(row.p99)} | ${kib(row.bytes)} | ${row.note} |`);
  return lines.join('\n');
}

/** Writes `count` generated elements as an Overpass API answer, as `npm run import` reads one. */
async function writeOverpassFile(file: string, count: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) {
      await new Promise<void>((resolve) => {
        out.once('drain', resolve);
      });
    }
  };
  await write('{"version":0.6,"generator":"PlaySpot bench","elements":[\n');
  let lines: string[] = [];
  for (const element of scaleElements(count)) {
    lines.push(JSON.stringify(element));
    if (lines.length === 1000) {
      await write(`${lines.join(',\n')},\n`);
      lines = [];
    }
  }
  // The last element has no comma after it.
  await write(`${lines.join(',\n')}]}\n`);
  await new Promise<void>((resolve) => {
    out.end(resolve);
  });
  return (await stat(file)).size;
}

async function main(): Promise<void> {
  const safeUrl = settings.url.replace(/\/\/[^@/]*@/u, '//…@');
  log(`recreating ${safeUrl}`);
  await recreateDatabase(settings.url);
  const database = openPostgres(settings.url, { max: 4 });
  try {
    await database.migrate();

    const directory = await mkdtemp(path.join(os.tmpdir(), 'playspot-scale-'));
    const file = path.join(directory, 'playgrounds.json');
    log(
      `writing ${settings.locations.toLocaleString('en-GB')} generated playgrounds to an Overpass JSON file…`,
    );
    const fileBytes = await writeOverpassFile(file, settings.locations);
    log(`importing the file (${(fileBytes / 1024 / 1024).toFixed(0)} MiB), bulk first load…`);
    const bulk = await importRecords(database.db, (await openRecordFile(file)).records, {
      dataset: { source: 'bench', licence: null },
      bulk: true,
      onProgress: (counts) => {
        if (counts.read % 100_000 < 5000)
          process.stdout.write(`\r[scale]   ${counts.read.toLocaleString('en-GB')} read`);
      },
    });
    await rm(directory, { recursive: true, force: true });
    process.stdout.write('\n');
    const analyze = await time(() => database.query(sql`vacuum analyze locations`));
    const bulkRate = bulk.read / (bulk.elapsedMs / 1000);
    log(`bulk: ${bulk.created} created, ${bulk.skipped} skipped in ${(bulk.elapsedMs / 1000).toFixed(1)} s`);

    log(
      `importing ${INCREMENTAL.toLocaleString('en-GB')} more into the full table (usual path, indexes kept)…`,
    );
    const more = await importRecords(
      database.db,
      (function* () {
        for (const element of scaleElements(INCREMENTAL, 7))
          yield { ...element, id: Number(element.id) + settings.locations };
      })(),
      { dataset: { source: 'bench', licence: null } },
    );
    const moreRate = more.read / (more.elapsedMs / 1000);
    const again = await importRecords(
      database.db,
      (function* () {
        for (const element of scaleElements(INCREMENTAL, 7))
          yield { ...element, id: Number(element.id) + settings.locations };
      })(),
      { dataset: { source: 'bench', licence: null } },
    );
    const againRate = again.read / (again.elapsedMs / 1000);
    await database.query(sql`analyze locations`);
    const [{ total } = { total: 0 }] = await database.query<{ total: number }>(
      sql`select count(*)::int as total from locations`,
    );

    const app = await buildApp({
      database,
      storage: new LocalDiskStorage(await mkdtemp(path.join(os.tmpdir(), 'playspot-scale-'))),
      auth: {
        publicUrl: new URL('http://localhost:3000'),
        allowedOrigins: ['http://localhost:3000'],
        providers: [],
        devSignIn: false,
        sessionIdleMs: 86_400_000,
        sessionAbsoluteMs: 86_400_000,
      },
    });
    const centres = queryCentres(settings.samples);
    const cityCentres = Array.from(
      { length: settings.samples },
      (_, i) => CITIES[i % CITIES.length] as Centre,
    );
    const words = ['maple', 'river', 'spielplatz', 'lekplats', 'oak park', 'mapel'];
    const rows: Row[] = [];
    log('measuring the API…');
    rows.push(
      await measureApi(
        app,
        'radius 5 km (GET /api/locations, page of 50)',
        centres.map((c) => `/api/locations?lat=${c.lat}&lng=${c.lng}&radiusKm=${RADIUS_KM}`),
        'nearest first',
      ),
    );
    rows.push(
      await measureApi(
        app,
        'viewport world, zoom 2',
        Array.from({ length: Math.min(50, settings.samples) }, () => box({ lat: 0, lng: 0 }, 180, 85, 2)),
        'clusters',
      ),
    );
    rows.push(
      await measureApi(
        app,
        'viewport city (~30 × 22 km), zoom 11',
        cityCentres.map((c) => box(c, 0.2, 0.1, 11)),
        'clusters or points',
      ),
    );
    rows.push(
      await measureApi(
        app,
        'viewport street (~2.5 × 2 km), zoom 15',
        centres.map((c) => box(c, 0.0175, 0.009, 15)),
        'points',
      ),
    );
    rows.push(
      await measureApi(
        app,
        'name search (GET /api/locations/search, 50 km)',
        centres.map(
          (c, i) =>
            `/api/locations/search?q=${encodeURIComponent(words[i % words.length] ?? 'oak')}&lat=${c.lat}&lng=${c.lng}`,
        ),
        "prefix, words, typo ('mapel')",
      ),
    );
    await app.close();

    log('spec original radius approach vs PostGIS…');
    const comparison = await compareRadius(database, centres);
    rows.push(...comparison.rows);

    const f = (n: number) => Math.round(n).toLocaleString('en-GB');
    const report = [
      `# Scale: ${f(total)} locations (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load average before the run ${os.loadavg()[0]?.toFixed(1)}; Node ${process.version}. ${settings.samples} sequential requests per API row, in process (app.inject, no network).`,
      '',
      '| import | records | time | rate |',
      '| --- | ---: | ---: | ---: |',
      `| first load from a ${(fileBytes / 1024 / 1024).toFixed(0)} MiB Overpass JSON file, \`--bulk\` (indexes rebuilt once) | ${f(bulk.read)} | ${(bulk.elapsedMs / 1000).toFixed(1)} s | **${f(bulkRate)}/s** |`,
      `| into the full table, usual path (new places) | ${f(more.read)} | ${(more.elapsedMs / 1000).toFixed(1)} s | ${f(moreRate)}/s |`,
      `| the same again (re-import, nothing changes) | ${f(again.read)} | ${(again.elapsedMs / 1000).toFixed(1)} s | ${f(againRate)}/s |`,
      '',
      `Then \`vacuum analyze\`: ${(analyze.ms / 1000).toFixed(1)} s. Re-import created ${again.created} rows.`,
      '',
      table(rows),
      '',
      `Spec's original approach vs PostGIS radius, p50: **${comparison.ratio.toFixed(1)}×** (both given a B-tree/GiST index).`,
      '',
    ].join('\n');
    console.log(`\n${report}`);
    if (SMOKE) {
      console.log(SMOKE_NOTE);
      return;
    }
    // Formatted like the rest of the repository, so the committed file passes format:check.
    const formatted = await prettier.format(report, {
      ...(await prettier.resolveConfig(resultsFile)),
      parser: 'markdown',
    });
    await writeFile(resultsFile, formatted);
    log(`written to bench/results/scale-latest.md`);
  } finally {
    await database.close();
  }
}

await main();
