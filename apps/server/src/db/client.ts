/**
 * Opens the database: embedded PGlite (+ PostGIS) when no DATABASE_URL is set, otherwise
 * PostgreSQL through `pg`. Both give the same Drizzle API over the same schema.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { postgis } from '@electric-sql/pglite-postgis';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDirectory } from './data-directory-lock.ts';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema.ts';

/** The extensions the migrations enable; PGlite has to be given their code up front. */
export const pgliteExtensions = { postgis, pg_trgm };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseBackend = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  backend: DatabaseBackend;
  /** Runs one raw statement and returns its rows (both drivers report `rows`). */
  query<Row>(statement: SQL): Promise<Row[]>;
  /** Applies the committed migrations that this database does not have yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type PgliteSource =
  | { kind: 'directory'; directory: string; onLockCompromised: (error: Error) => void }
  | { kind: 'memory'; loadDataDir?: Blob | File };

async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

export async function openPglite(source: PgliteSource): Promise<DatabaseHandle> {
  const release =
    source.kind === 'directory'
      ? await lockDataDirectory(source.directory, source.onLockCompromised)
      : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(source.kind === 'directory' ? { dataDir: source.directory } : {}),
      ...(source.kind === 'memory' && source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
      extensions: pgliteExtensions,
    });
  } catch (error) {
    await release?.();
    throw error;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db: Database = pgliteDb;
  let closed = false;
  return {
    db,
    backend: 'pglite',
    query: (statement) => rowsOf(db, statement),
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        // PGlite runs with fsync off; a checkpoint before closing leaves the folder consistent.
        if (source.kind === 'directory') await client.query('CHECKPOINT');
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  let closed = false;
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection can be cut by the server (restart, failover, admin command); without a
  // listener that error would crash the process. The pool replaces the connection by itself.
  pool.on('error', (error) => {
    if (!closed) console.error(`[playspot] PostgreSQL connection lost: ${error.message}`);
  });
  const postgresDb = drizzlePostgres(pool, { schema });
  const db: Database = postgresDb;
  return {
    db,
    backend: 'postgres',
    query: (statement) => rowsOf(db, statement),
    migrate: () => migratePostgres(postgresDb, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Exported for tests and tools that need the raw PGlite instance (e.g. to dump a template). */
export { PGlite };
