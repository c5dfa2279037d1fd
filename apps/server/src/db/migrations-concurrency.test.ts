/**
 * Server processes starting together on one PostgreSQL database: each runs the migrations, and
 * they must all succeed whether the database is empty or one migration behind. Real child
 * processes, each with its own connection, as separate servers would be. (PGlite has one
 * process per data folder: its folder lock refuses a second, see data-directory-lock.test.ts.)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, TEST_DATABASE_PREFIX } from '../../test/template-names.ts';
import { migrationsFolder } from './migrations-folder.ts';

const clientModule = new URL('./client.ts', import.meta.url).href;
const adminUrl = inject('postgresAdminUrl');
/** An advisory lock key the test holds to let a migration go on. */
const GATE = 424_242;

interface Journal {
  entries: { idx: number; tag: string; when: number; version: string; breakpoints: boolean }[];
}

/**
 * Starts processes that migrate `url` from `folder`, all at the same moment: each loads the
 * code, says so, and waits for the word to go (loading takes seconds, and unevenly). Resolves
 * with their exit codes and output.
 */
async function migrateInChildProcesses(
  count: number,
  url: string,
  folder: string,
): Promise<{ code: number | null; output: string }[]> {
  const script = `const { migratePostgresUnderLock } = await import(${JSON.stringify(clientModule)});
process.stdout.write('loaded\\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
await migratePostgresUnderLock(process.env.MIGRATE_URL, process.env.MIGRATE_FOLDER);`;
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, MIGRATE_URL: url, MIGRATE_FOLDER: folder },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const loaded = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('loaded')) resolve();
      });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; output: string }>((resolve) => {
      child.once('exit', (code) => {
        resolve({ code, output });
      });
    });
    return { child, loaded, exited };
  });
  await Promise.race([
    Promise.all(children.map((child) => child.loaded)),
    Promise.all(children.map((child) => child.exited)),
  ]);
  for (const { child } of children) child.stdin.end('go\n');
  return Promise.all(children.map((child) => child.exited));
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.runIf(adminUrl)('migrations of processes starting together [postgres]', () => {
  const databases: string[] = [];
  let scratch = '';

  /** A new database: empty, or a copy of the run's template with every committed migration. */
  async function newDatabase(from: 'empty' | 'migrated'): Promise<string> {
    const name = `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
    databases.push(name);
    const template = from === 'migrated' ? ` template ${inject('postgresTemplateDatabase') ?? ''}` : '';
    await withAdmin(adminUrl ?? '', (admin) => admin.query(`create database ${name}${template}`));
    return databaseUrlFor(adminUrl ?? '', name);
  }

  async function appliedMigrations(url: string): Promise<number> {
    return withAdmin(url, async (client) => {
      const result = await client.query<{ count: string }>(
        'select count(*) as count from drizzle.__drizzle_migrations',
      );
      return Number(result.rows[0]?.count);
    });
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'playspot-migrations-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    if (!adminUrl) return;
    await withAdmin(adminUrl, async (admin) => {
      for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    });
  });

  it('three processes at once on an empty database all succeed, and every migration is applied once', async () => {
    const url = await newDatabase('empty');
    const results = await migrateInChildProcesses(3, url, migrationsFolder);
    for (const result of results) expect(result, result.output).toMatchObject({ code: 0 });
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    const tables = await withAdmin(url, (client) =>
      client.query<{ count: string }>(
        `select count(*) as count from pg_tables where tablename = 'locations'`,
      ),
    );
    expect(Number(tables.rows[0]?.count)).toBe(1);
  }, 120_000);

  it('two processes starting while a new migration is pending: both succeed, it is applied once', async () => {
    // An older database: every committed migration applied. Then a release adds one more.
    const url = await newDatabase('migrated');
    const folder = path.join(scratch, 'with-pending');
    await cp(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
    const last = journal.entries.at(-1);
    if (!last) throw new Error('no migrations committed');
    const tag = `${String(last.idx + 1).padStart(4, '0')}_pending_probe`;
    journal.entries.push({ ...last, idx: last.idx + 1, tag, when: last.when + 1 });
    await writeFile(journalFile, JSON.stringify(journal));
    // The new migration first waits for a lock the test holds, so both processes are surely
    // past their start before either applies it: one inside it, the other inside it too
    // (without the migrations' lock) or waiting for that lock.
    await writeFile(
      path.join(folder, `${tag}.sql`),
      `SELECT pg_advisory_xact_lock_shared(${GATE});\n--> statement-breakpoint\nCREATE TABLE "pending_probe" ("id" integer PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO "pending_probe" VALUES (1);`,
    );
    const gate = new pg.Client({ connectionString: url });
    await gate.connect();
    let results: { code: number | null; output: string }[];
    try {
      await gate.query('select pg_advisory_lock($1)', [GATE]);
      const running = migrateInChildProcesses(2, url, folder);
      for (let waiting = 0; waiting < 2;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await gate.query<{ count: string }>(
          `select count(*) as count from pg_locks
           where locktype = 'advisory' and not granted
             and database = (select oid from pg_database where datname = current_database())`,
        );
        waiting = Number(result.rows[0]?.count);
      }
      await gate.query('select pg_advisory_unlock($1)', [GATE]);
      results = await running;
    } finally {
      await gate.end();
    }
    for (const result of results) expect(result, result.output).toMatchObject({ code: 0 });
    expect(await appliedMigrations(url)).toBe(journal.entries.length);
    const rows = await withAdmin(url, (client) => client.query('select id from pending_probe'));
    expect(rows.rows).toEqual([{ id: 1 }]);
  }, 120_000);
});
