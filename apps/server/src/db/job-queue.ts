/**
 * The job queue (pg-boss) inside a Drizzle transaction: a job sent through this is inserted by
 * the transaction's own connection, so it exists exactly when the transaction commits.
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type Db } from 'pg-boss';
import type { Database } from './client.ts';

export function jobQueueIn(tx: Database): Db {
  // Both drivers answer `execute` with `{ rows }`; drizzle types it as unknown.
  const execute = async (query: unknown) => (await tx.execute(query as SQL)) as { rows: unknown[] };
  return fromDrizzle({ execute }, sql);
}
