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
  /** Connections that can run statements at once (PGlite: one). */
  connections: number;
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
    connections: 1,
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

export interface PostgresPoolOptions {
  /** Connections in the pool. */
  max?: number;
  /**
   * Limits that keep one slow or stuck request from holding a connection for long: waiting for
   * a free connection, one statement, and one lock wait, in milliseconds (0 or absent: none).
   * The server sets them; tools such as the importer run long statements and leave them off.
   */
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
}

/** The server's limits: a request that cannot get going within seconds is answered 503. */
export const SERVER_POOL_OPTIONS = {
  max: 10,
  connectionTimeoutMs: 3_000,
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 5_000,
} as const satisfies PostgresPoolOptions;

export function openPostgres(connectionString: string, options: PostgresPoolOptions = {}): DatabaseHandle {
  let closed = false;
  const connections = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString,
    max: connections,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 0,
    statement_timeout: options.statementTimeoutMs ?? 0,
    lock_timeout: options.lockTimeoutMs ?? 0,
    // A transaction left open by a bug must not hold its locks and connection for ever.
    idle_in_transaction_session_timeout: options.statementTimeoutMs ? options.statementTimeoutMs * 2 : 0,
  });
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
    connections,
    query: (statement) => rowsOf(db, statement),
    // Migrations may build indexes over millions of rows: on a connection of their own,
    // without the request timeouts.
    async migrate() {
      const migrationPool = new pg.Pool({ connectionString, max: 1 });
      try {
        await migratePostgres(drizzlePostgres(migrationPool, { schema }), { migrationsFolder });
      } finally {
        await migrationPool.end();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Exported for tests and tools that need the raw PGlite instance (e.g. to dump a template). */
export { PGlite };
