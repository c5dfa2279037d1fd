/**
 * Opens the database: embedded PGlite (+ PostGIS) when no DATABASE_URL is set, otherwise
 * PostgreSQL through `pg`. Both give the same Drizzle API over the same schema.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { postgis } from '@electric-sql/pglite-postgis';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type Db as JobQueueDb } from 'pg-boss';
import { lockDataDirectory } from './data-directory-lock.ts';
import { releaseClientsWhenBeginFails } from './failed-begin.ts';
import type { ListenHandlers } from './listen-handlers.ts';
import { startPostgresListener, type PostgresListener } from './listen-postgres.ts';
import { StatementObservers, type StatementListener } from './statement-observers.ts';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema.ts';

/** The extensions the migrations enable; PGlite has to be given their code up front. */
export const pgliteExtensions = { postgis, pg_trgm };

export type { ListenHandlers } from './listen-handlers.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseBackend = 'pglite' | 'postgres';

/**
 * How the job queue (pg-boss, db/job-queue.ts) reaches this database: PGlite's one connection
 * through pg-boss's own adapter, PostgreSQL through a small pool of its own.
 */
export type JobQueueConnection =
  { backend: 'pglite'; db: JobQueueDb } | { backend: 'postgres'; connectionString: string };

export interface DatabaseHandle {
  db: Database;
  backend: DatabaseBackend;
  /** Connections that can run statements at once (PGlite: one). */
  connections: number;
  /**
   * PGlite only: its whole data folder as a gzipped tarball, taken between two statements (a
   * consistent copy while the server runs; backup/backup.ts).
   */
  dumpDataDir?: () => Promise<Blob>;
  /** The pool's connections now (PostgreSQL only; PGlite has no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Runs one raw statement and returns its rows (both drivers report `rows`). */
  query<Row>(statement: SQL): Promise<Row[]>;
  /**
   * Runs one raw statement and returns its rows as arrays of column values, in select order:
   * no object per row and no mapping (the map index streams a million rows this way).
   */
  queryArrays(statement: SQL): Promise<unknown[][]>;
  /** Applies the committed migrations that this database does not have yet. */
  migrate(): Promise<void>;
  /**
   * Subscribes to NOTIFYs on `channel` (a lowercase identifier such as `map_changes`).
   * Resolves once subscribed the first time (PostgreSQL: rejects if that connect fails);
   * the returned function unsubscribes and may be called more than once.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Also stops every listener. */
  close(): Promise<void>;
  /** For the job queue (issue 48). */
  jobQueueConnection: JobQueueConnection;
  /** Calls `listener` with every statement sent through `db` until the returned function is called. */
  onStatement(listener: StatementListener): () => void;
}

// Channel names are fixed words in our code; anything else is a bug, not input to quote.
function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid LISTEN channel name: ${channel}`);
}

export type PgliteSource =
  | {
      kind: 'directory';
      directory: string;
      onLockCompromised: (error: Error) => void;
      /** Fills an empty folder from a dumpDataDir tarball (a restore). */
      loadDataDir?: Blob;
    }
  | { kind: 'memory'; loadDataDir?: Blob | File };

/** Turns drizzle's SQL into text and parameters, for statements sent past drizzle. */
const dialect = new PgDialect();

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
      ...(source.loadDataDir ? { loadDataDir: source.loadDataDir } : {}),
      extensions: pgliteExtensions,
    });
  } catch (error) {
    await release?.();
    throw error;
  }
  const statements = new StatementObservers();
  const pgliteDb = drizzlePglite(client, { schema, logger: statements });
  const db: Database = pgliteDb;
  let closed = false;
  return {
    db,
    backend: 'pglite',
    connections: 1,
    dumpDataDir: async () => {
      const dump = await client.dumpDataDir('gzip');
      return dump;
    },
    onStatement: (listener) => statements.add(listener),
    query: (statement) => rowsOf(db, statement),
    async queryArrays(statement) {
      const query = dialect.sqlToQuery(statement);
      statements.logQuery(query.sql);
      const result = await client.query<unknown[]>(query.sql, query.params, { rowMode: 'array' });
      return result.rows;
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    jobQueueConnection: { backend: 'pglite', db: fromPglite(client) },
    async listen(channel, handlers) {
      assertChannelName(channel);
      const unlisten = await client.listen(channel, (payload) => {
        handlers.onNotify(payload);
      });
      let unsubscribed = false;
      handlers.onListening?.();
      return async () => {
        // Closing PGlite drops its listeners; unlisten on a closed instance would throw.
        if (unsubscribed || closed) return;
        unsubscribed = true;
        await unlisten();
      };
    },
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
  // The same for a connection in use (checked out for a transaction) that is cut between two
  // statements: the pool listens only to idle ones, and an 'error' nobody listens to ends the
  // process. Its next statement fails instead (503), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!closed) console.error(`[playspot] PostgreSQL connection lost while in use: ${error.message}`);
    });
  });
  releaseClientsWhenBeginFails(pool);
  const listeners = new Set<PostgresListener>();
  const statements = new StatementObservers();
  const postgresDb = drizzlePostgres(pool, { schema, logger: statements });
  const db: Database = postgresDb;
  return {
    db,
    backend: 'postgres',
    connections,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onStatement: (listener) => statements.add(listener),
    query: (statement) => rowsOf(db, statement),
    async queryArrays(statement) {
      const query = dialect.sqlToQuery(statement);
      statements.logQuery(query.sql);
      const result = await pool.query<unknown[]>({ text: query.sql, values: query.params, rowMode: 'array' });
      return result.rows;
    },
    migrate: () => migratePostgresUnderLock(connectionString),
    jobQueueConnection: { backend: 'postgres', connectionString },
    async listen(channel, handlers) {
      assertChannelName(channel);
      if (closed) throw new Error('The database is closed');
      const listener = startPostgresListener(connectionString, channel, handlers);
      // Tracked from the start, so that close() also stops one still connecting.
      listeners.add(listener);
      const unsubscribe = async (): Promise<void> => {
        listeners.delete(listener);
        await listener.stop();
      };
      try {
        await listener.subscribed;
      } catch (error) {
        await unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * Applies the migrations in `folder` that the database does not have yet, holding a
 * session-level advisory lock while it reads what is applied and applies the rest: any number
 * of processes may start together on an empty or older database; the first migrates, the
 * others wait for it and then find nothing left to do. Without the lock two of them both
 * create the same tables and one fails (`duplicate key value violates unique constraint
 * "pg_class_relname_nsp_index"`).
 *
 * On a connection of its own, without the request timeouts: migrations may build indexes over
 * millions of rows, and a process waiting for another's migrations has to wait that long too.
 */
export async function migratePostgresUnderLock(
  connectionString: string,
  folder: string = migrationsFolder,
): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('playspot:migrations'))`);
    // The lock ends with the session; closing the connection below releases it even if this throws.
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

/** Exported for tests and tools that need the raw PGlite instance (e.g. to dump a template). */
export { PGlite };
