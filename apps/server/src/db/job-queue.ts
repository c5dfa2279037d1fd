/**
 * The job queue (pg-boss) inside a Drizzle transaction: a job sent through this is inserted by
 * the transaction's own connection, so it exists exactly when the transaction commits.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db } from 'pg-boss';
import type { Database } from './client.ts';

export function jobQueueIn(tx: Database): Db {
  return fromDrizzle(tx, sql);
}
