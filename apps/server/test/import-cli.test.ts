/** The import CLI (`npm run import -- <file>`) as a person runs it: messages and exit codes. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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
    const database = await openPglite({
      kind: 'directory',
      directory: path.join(dir, 'data', 'pglite'),
      onLockCompromised: (error) => {
        throw error;
      },
    });
    try {
      const [row] = await database.query<{ n: number }>(
        sql`select count(*)::int as n from locations where source = 'osm'`,
      );
      expect(row?.n).toBe(128);
    } finally {
      await database.close();
    }
  }, 180_000);
});
