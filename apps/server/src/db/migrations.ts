/** Reports which of the committed drizzle-kit migrations a database has. */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

async function readJournal(): Promise<Journal> {
  const text = await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8');
  return JSON.parse(text) as Journal;
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
