/**
 * Benchmark: many people upload a 36-megapixel photo at the same moment. Starts the real
 * server on a fresh database, signs in BENCH_UPLOADS people, sends one interlaced PNG each,
 * all at once, and reports the server's memory (from /proc) and how long /api/health took
 * meanwhile. See bench/README.md, "Upload burst".
 *
 *   npm run bench:uploads        (Node 24: the repository's node_modules/.bin/node)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { startServerProcess, type RunningServer } from './lib/server-process.ts';
import { percentile } from './lib/stats.ts';
import { integerFromEnv } from './lib/env.ts';
import { SMOKE, SMOKE_NOTE, smokeOr } from './lib/smoke.ts';

const settings = {
  uploads: integerFromEnv('BENCH_UPLOADS', smokeOr(20, 2), 1),
  /** Side of the square test photo: 6000 px is 36 megapixels. */
  side: integerFromEnv('BENCH_UPLOAD_SIDE', smokeOr(6000, 800), 16),
  /** A PostgreSQL server to run on instead of the embedded database (optional). */
  postgresAdminUrl: process.env.BENCH_UPLOAD_DATABASE_URL,
};

const BENCH_DATABASE_NAME = 'playspot_bench_uploads';
const RSS_SAMPLE_MS = 20;
const HEALTH_PAUSE_MS = 50;
const COMMENT_DELAY_MS = 500;
/** Phone photos uploaded one after another after the burst, for the time per photo. */
const SINGLE_UPLOADS = smokeOr(10, 1);
const log = (message: string) => {
  console.log(`[bench] ${message}`);
};

/**
 * The server as `npm start` runs it, on a free port, outside production: the development
 * sign-in (no password) lets the benchmark create its people. Settings such as IMAGE_WORKERS
 * pass through from this process's environment.
 */
function startServer(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  return startServerProcess({
    env: {
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
  });
}

/** A fresh database on the PostgreSQL server of `adminUrl`; its URL. */
async function freshPostgresDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Identifiers cannot be bound as parameters; the name is a constant above.
    await client.query(`drop database if exists ${BENCH_DATABASE_NAME} with (force)`);
    await client.query(`create database ${BENCH_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

/**
 * A square, nearly flat PNG saved interlaced (Adam7): it compresses to about 124 KB at
 * 6000 px, yet an interlaced PNG cannot be decoded row by row, so the whole image is held
 * in memory while it is read — the cheapest upload that costs the server the most.
 */
async function interlacedPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#78be6e' } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

/** Same-origin headers as a browser sends them (the API refuses cross-site writes). */
const BROWSER = { 'sec-fetch-site': 'same-origin' };

async function signIn(baseUrl: string, userName: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/development/sign-in`, {
    method: 'POST',
    headers: { ...BROWSER, 'content-type': 'application/json' },
    body: JSON.stringify({ userName }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${userName}: ${String(response.status)}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.includes('playspot_session='));
  if (!session) throw new Error(`sign-in of ${userName}: no session cookie`);
  return session;
}

async function somePlaceId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/locations?lat=-36.85&lng=174.76&limit=1`);
  const list = (await response.json()) as { items?: { id: string }[] };
  const id = list.items?.[0]?.id;
  if (!id) throw new Error(`No location to upload to (${String(response.status)})`);
  return id;
}

type UploadOutcome = 'accepted' | 'busy' | 'failed';

async function upload(
  baseUrl: string,
  locationId: string,
  cookie: string,
  photo: Buffer,
): Promise<{ outcome: UploadOutcome; retryAfter: string | null; message: string; ms: number }> {
  const form = new FormData();
  const type = photo.subarray(0, 2).equals(Buffer.from([0xff, 0xd8])) ? 'image/jpeg' : 'image/png';
  form.append('photo', new Blob([new Uint8Array(photo)], { type }), 'burst.png');
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/locations/${locationId}/photos`, {
      method: 'POST',
      headers: { ...BROWSER, cookie },
      body: form,
    });
    const body = (await response.json()) as { error?: { message?: string } };
    const outcome = response.status === 201 ? 'accepted' : response.status === 503 ? 'busy' : 'failed';
    if (outcome === 'failed') log(`upload answered ${String(response.status)}`);
    return {
      outcome,
      retryAfter: response.headers.get('retry-after'),
      message: body.error?.message ?? '',
      ms: performance.now() - started,
    };
  } catch (error) {
    log(`upload failed: ${error instanceof Error ? error.message : String(error)}`);
    return { outcome: 'failed', retryAfter: null, message: '', ms: performance.now() - started };
  }
}

/**
 * Another person's ordinary write while the photos are processed: does image work hold up
 * everything else? Sent a moment into the burst.
 */
async function commentDuringBurst(
  baseUrl: string,
  locationId: string,
  cookie: string,
): Promise<{ status: number; ms: number }> {
  await sleep(COMMENT_DELAY_MS);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/locations/${locationId}/comments`, {
    method: 'POST',
    headers: { ...BROWSER, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Great swings, busy on Saturdays.' }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Resident memory now and at its highest so far, in MB (Linux /proc). */
async function memoryOf(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMb: kilobytes('VmRSS') / 1024, hwmMb: kilobytes('VmHWM') / 1024 };
}

/** A check that turns true once `promise` has settled. */
function settledCheck(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.finally(() => {
    settled = true;
  });
  return () => settled;
}

/** Samples the RSS until `stop` settles; the highest sample. */
async function peakRssWhile(pid: number, stop: Promise<unknown>): Promise<number> {
  const stopped = settledCheck(stop);
  let peak = 0;
  while (!stopped()) {
    peak = Math.max(peak, (await memoryOf(pid)).rssMb);
    await sleep(RSS_SAMPLE_MS);
  }
  return Math.max(peak, (await memoryOf(pid)).rssMb);
}

/** Asks /api/health one request after another until `stop` settles; each answer's time. */
async function healthLatenciesWhile(baseUrl: string, stop: Promise<unknown>): Promise<number[]> {
  const stopped = settledCheck(stop);
  const latencies: number[] = [];
  while (!stopped()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(HEALTH_PAUSE_MS);
  }
  return latencies;
}

/**
 * A phone photo as the web app sends it: 1600 × 1200 JPEG, four faces of 60–200 px (the
 * public-domain astronaut of the face fixtures) on a plain background.
 */
async function phonePhotoWithFaces(variant: number): Promise<Buffer> {
  const face = await readFile(new URL('../apps/server/test/fixtures/faces/astronaut.jpg', import.meta.url));
  const sizes = [512, 360, 240, 150];
  const heads = await Promise.all(sizes.map((side) => sharp(face).resize(side).toBuffer()));
  // Each photo a little different, so none is answered from the face detector's memory.
  const background = { r: 120 + variant, g: 170, b: 90 };
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .composite(heads.map((input, index) => ({ input, left: 40 + index * 390, top: 300 + index * 60 })))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Uploads one phone photo at a time, `count` times: each one's time, face check included. */
async function oneAtATime(baseUrl: string, locationId: string, cookie: string, count: number) {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const result = await upload(baseUrl, locationId, cookie, await phonePhotoWithFaces(index));
    if (result.outcome !== 'accepted') throw new Error(`A single upload was not stored: ${result.message}`);
    times.push(result.ms);
  }
  return times;
}

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'playspot-upload-burst-'));
  const databaseUrl =
    settings.postgresAdminUrl === undefined
      ? undefined
      : await freshPostgresDatabase(settings.postgresAdminUrl);
  const photo = await interlacedPng(settings.side);
  log(
    `Photo: ${String(settings.side)}×${String(settings.side)} interlaced PNG, ${kilobytes(photo.length)}; ` +
      `database: ${databaseUrl === undefined ? 'embedded (PGlite)' : 'PostgreSQL'}`,
  );
  const server = await startServer(dataDir, databaseUrl).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const locationId = await somePlaceId(server.baseUrl);
    const cookies = await Promise.all(
      Array.from({ length: settings.uploads }, (_, index) =>
        signIn(server.baseUrl, `Burst${String(index + 1)}`),
      ),
    );
    const commenter = await signIn(server.baseUrl, 'BurstCommenter');
    await sleep(1000);
    const baseline = await memoryOf(server.pid);
    const [machineLoad = 0] = os.loadavg();
    log(`${String(settings.uploads)} people signed in; server RSS ${mb(baseline.rssMb)}; uploading at once…`);

    const started = performance.now();
    const uploads = Promise.all(cookies.map((cookie) => upload(server.baseUrl, locationId, cookie, photo)));
    const [results, peakRssMb, health, comment] = await Promise.all([
      uploads,
      peakRssWhile(server.pid, uploads),
      healthLatenciesWhile(server.baseUrl, uploads),
      commentDuringBurst(server.baseUrl, locationId, commenter),
    ]);
    const wallMs = performance.now() - started;
    const after = await memoryOf(server.pid);
    const single = await oneAtATime(server.baseUrl, locationId, commenter, SINGLE_UPLOADS);

    const count = (outcome: UploadOutcome) => results.filter((result) => result.outcome === outcome).length;
    const accepted = results.filter((result) => result.outcome === 'accepted').map((result) => result.ms);
    const busy = results.filter((result) => result.outcome === 'busy');
    const retryAfter = [...new Set(busy.map((result) => result.retryAfter ?? 'none'))].join(', ');
    // Which limit refused: the image queue or the database's write admission say so differently.
    const busyMessages = Object.entries(Object.groupBy(busy, (result) => result.message))
      .map(([message, group]) => `${String(group?.length ?? 0)} × "${message}"`)
      .join('; ');
    const rows: [string, string][] = [
      [
        'uploads',
        `${String(settings.uploads)} × ${kilobytes(photo.length)} (${String((settings.side * settings.side) / 1e6)} MP)`,
      ],
      [
        'IMAGE_WORKERS / IMAGE_QUEUE_LENGTH',
        `${process.env.IMAGE_WORKERS ?? 'default'} / ${process.env.IMAGE_QUEUE_LENGTH ?? 'default'}`,
      ],
      ['server RSS before', mb(baseline.rssMb)],
      ['server RSS peak (sampled every 20 ms)', mb(peakRssMb)],
      ['server RSS after', mb(after.rssMb)],
      ['server VmHWM (whole life)', mb(after.hwmMb)],
      [
        '/api/health p50 / max',
        `${ms(percentile(health, 50))} / ${ms(Math.max(...health))} (${String(health.length)} requests)`,
      ],
      ['accepted (201)', String(count('accepted'))],
      ['busy (503)', busy.length === 0 ? '0' : `${String(busy.length)} (Retry-After: ${retryAfter})`],
      ...(busy.length === 0 ? [] : [['503 messages', busyMessages] satisfies [string, string]]),
      ['failed (other)', String(count('failed'))],
      [
        'accepted upload p50 / max',
        accepted.length === 0 ? '–' : `${ms(percentile(accepted, 50))} / ${ms(Math.max(...accepted))}`,
      ],
      ['503 answer max', busy.length === 0 ? '–' : ms(Math.max(...busy.map((result) => result.ms)))],
      [
        `a comment ${String(COMMENT_DELAY_MS)} ms into the burst`,
        `${String(comment.status)} in ${ms(comment.ms)}`,
      ],
      ['wall time', ms(wallMs)],
      [
        `then one 1600 × 1200 JPEG with 4 faces at a time (${String(SINGLE_UPLOADS)} ×): first / p50 / max`,
        `${ms(single[0] ?? 0)} / ${ms(percentile(single, 50))} / ${ms(Math.max(...single))}`,
      ],
      [
        'machine',
        `${String(os.availableParallelism())} cores, load ${machineLoad.toFixed(1)} before the burst, Node ${process.version}`,
      ],
    ];
    console.log(
      `\n| measure | value |\n| --- | --- |\n${rows.map(([name, value]) => `| ${name} | ${value} |`).join('\n')}\n`,
    );
    if (SMOKE) console.log(SMOKE_NOTE);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
