/** All SQL for deals. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deals } from '../../db/schema.ts';

export type DealRow = typeof deals.$inferSelect;

export interface DealValues {
  title: string | null;
  website: string | null;
  active: boolean;
  expiryDate: string | null;
  extra: Record<string, unknown>;
}

export async function listDeals(db: Database, onlyActive: boolean): Promise<DealRow[]> {
  const query = db.select().from(deals);
  const filtered = onlyActive ? query.where(eq(deals.active, true)) : query;
  return filtered.orderBy(desc(deals.createdAt), desc(deals.id));
}

export async function findDeal(db: Database, id: string): Promise<DealRow | null> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row ?? null;
}

export async function insertDeal(
  db: Database,
  values: DealValues & { createdByUserId: string; now: Date },
): Promise<DealRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(deals)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateDeal(
  db: Database,
  id: string,
  values: Partial<DealValues>,
  now: Date,
): Promise<DealRow | null> {
  const [row] = await db
    .update(deals)
    .set({ ...values, updatedAt: now })
    .where(eq(deals.id, id))
    .returning();
  return row ?? null;
}

export async function deleteDeal(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(deals).where(eq(deals.id, id)).returning({ id: deals.id });
  return rows.length > 0;
}
