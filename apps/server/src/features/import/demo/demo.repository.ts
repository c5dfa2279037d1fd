/** The demo seed's SQL: one seeder at a time, whether there are places yet, the sample spots. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { importedFacts, locations } from '../../../db/schema.ts';

export type NewPlace = typeof locations.$inferInsert;

/** Held until commit: two servers starting together on one PostgreSQL must not both seed. */
export async function lockDemoSeed(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('playspot:seed-demo'))`);
}

export async function hasPlaces(tx: Database): Promise<boolean> {
  const existing = await tx.select({ id: locations.id }).from(locations).limit(1);
  return existing.length > 0;
}

/** Adds the places; returns their ids in the order given. */
export async function insertPlaces(tx: Database, rows: NewPlace[]): Promise<string[]> {
  const inserted = await tx.insert(locations).values(rows).returning({ id: locations.id });
  return inserted.map((row) => row.id);
}

/** Facts the demo data states about its places, kept like an import's. */
export async function insertImportedFacts(
  tx: Database,
  rows: { locationId: string; key: string; value: string; source: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(importedFacts).values(rows);
}
