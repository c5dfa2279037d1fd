/**
 * Starts the real server process on the embedded database, as `npm start` does, and checks
 * what a person relies on: it comes up with migrations and demo data, a second process on the
 * same folder is refused at once, SIGTERM/SIGINT close cleanly so the data survives, and after
 * `kill -9` in the middle of writes the next start takes the lock over at once and has every
 * write that was answered.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, waitForReady, type ServerProcess } from './server-process.ts';
import { committedMigrations } from './template-names.ts';

/** The address the server believes it has; browsers' writes must come from it. */
const PUBLIC_ORIGIN = 'http://playspot.test';

function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  return spawnServer({
    PUBLIC_URL: PUBLIC_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

describe('the server process on the embedded database', () => {
  let dataDir = '';
  let first: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'playspot-main-'));
  });
  afterAll(async () => {
    first?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty folder, migrates and seeds demo data', async () => {
    first = startServer(dataDir);
    const url = await waitForReady(first);
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { backend: 'pglite', migrationVersion: (await committedMigrations()).latest },
    });
    expect(first.output()).toMatch(/added \d+ demo play spots/);
  }, 120_000);

  it("refuses a production start on OpenStreetMap's public tiles, naming the policy and the settings", async () => {
    const refused = startServer(dataDir, { NODE_ENV: 'production' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/^\[playspot\] Invalid configuration:\n {2}TILE_URL: /mu);
    for (const words of [
      'https://operations.osmfoundation.org/policies/tiles/',
      'TILE_ATTRIBUTION',
      'TILE_OSM_POLICY_ACCEPTED=true',
    ])
      expect(refused.output()).toContain(words);
  });

  it('refuses a second process on the same folder at once, with a clear message', async () => {
    const startedAt = Date.now();
    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(second.output()).toContain('is in use by another PlaySpot process');
  }, 30_000);

  it('closes cleanly on SIGTERM and releases the folder', async () => {
    if (!first) throw new Error('first server not started');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 30_000);

  it('reopens the same data without seeding again, and stops on SIGINT', async () => {
    const again = startServer(dataDir);
    const url = await waitForReady(again);
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(again.output()).not.toMatch(/demo play spots/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

async function signIn(url: string, userName: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/development/sign-in`, {
    method: 'POST',
    headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ userName }),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { origin: PUBLIC_ORIGIN, cookie, 'content-type': 'application/json' };
}

describe('the embedded database after kill -9 during writes', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'playspot-crash-'));
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts again at the first attempt, with every acknowledged write', async () => {
    server = startServer(dataDir);
    const url = await waitForReady(server);
    const headers = await signIn(url, 'crash_tester');
    const acknowledged: string[] = [];
    let stop = false;
    // Two writers adding places until the process dies under them.
    const writer = async (writerId: number) => {
      for (let index = 0; !stop; index++) {
        try {
          const response = await fetch(`${url}/api/locations`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              name: `Crash Park ${writerId}-${index}`,
              latitude: -36.85 + index / 1000,
              longitude: 174.76,
              tags: [],
              ageRanges: [],
              indoor: false,
              free: true,
            }),
          });
          if (response.status === 201)
            acknowledged.push(((await response.json()) as { location: { id: string } }).location.id);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = [writer(1), writer(2)];
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);

    const startedAt = Date.now();
    server = startServer(dataDir);
    const againUrl = await waitForReady(server);
    const restartMs = Date.now() - startedAt;
    expect(server.output()).not.toContain('in use by another PlaySpot process');
    expect((await fetch(`${againUrl}/api/health`)).status).toBe(200);
    for (const id of acknowledged) {
      expect((await fetch(`${againUrl}/api/locations/${id}`)).status, `place ${id} was acknowledged`).toBe(
        200,
      );
    }
    console.log(`restart after kill -9: ${restartMs} ms, ${acknowledged.length} acknowledged writes kept`);
  }, 180_000);
});
