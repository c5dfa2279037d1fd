/** Applies the committed drizzle-kit migrations and reports which ones a database has. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client.ts';
import type * as schema from './schema.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

async function readJournal(): Promise<Journal> {
  const text = await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8');
  return JSON.parse(text) as Journal;
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  // The two migrators differ only in the session type they accept; the SQL is the same.
  if (handle.backend === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<typeof schema>, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as NodePgDatabase<typeof schema>, { migrationsFolder });
  }
}

export interface MigrationStatus {
  /** Tag of the newest applied migration, e.g. `0001_initial_schema`; null on an empty database. */
  version: string | null;
  applied: number;
  known: number;
}

export async function migrationStatus(handle: DatabaseHandle): Promise<MigrationStatus> {
  const journal = await readJournal();
  const [tableCheck] = await handle.query<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  let applied = 0;
  if (tableCheck?.exists) {
    const [row] = await handle.query<{ count: string | number }>(
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    applied = Number(row?.count ?? 0);
  }
  const newest = applied > 0 ? journal.entries[applied - 1] : undefined;
  return { version: newest?.tag ?? null, applied, known: journal.entries.length };
}
