/** What a restore asks the target database before writing into it. */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';

/** Tables in PlaySpot's schemas (public, and drizzle's migration journal): 0 means empty. */
export async function countTables(database: DatabaseHandle): Promise<number> {
  const [row] = await database.query<{ tables: number }>(
    sql`select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`,
  );
  return row?.tables ?? 0;
}
