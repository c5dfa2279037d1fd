/** All SQL for deals. */
import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deals, locations } from '../../db/schema.ts';

/** A deal with the play spot it is at, if any. */
export type DealRow = typeof deals.$inferSelect & {
  location: { id: string; name: string; latitude: number; longitude: number } | null;
};

const withPlace = (db: Database) =>
  db
    .select({
      ...getTableColumns(deals),
      locationName: locations.name,
      placeLatitude: locations.latitude,
      placeLongitude: locations.longitude,
    })
    .from(deals)
    .leftJoin(locations, eq(locations.id, deals.locationId));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof withPlace>['execute']>>[number];

function toRow({ locationName, placeLatitude, placeLongitude, ...deal }: JoinedRow): DealRow {
  const place =
    deal.locationId !== null && locationName !== null && placeLatitude !== null && placeLongitude !== null
      ? { id: deal.locationId, name: locationName, latitude: placeLatitude, longitude: placeLongitude }
      : null;
  return { ...deal, location: place };
}

export interface DealValues {
  title: string | null;
  website: string | null;
  active: boolean;
  expiryDate: string | null;
  extra: Record<string, unknown>;
  locationId: string | null;
}

export async function listDeals(db: Database, onlyActive: boolean): Promise<DealRow[]> {
  const query = withPlace(db);
  const filtered = onlyActive ? query.where(eq(deals.active, true)) : query;
  return (await filtered.orderBy(desc(deals.createdAt), desc(deals.id))).map(toRow);
}

export async function findDeal(db: Database, id: string): Promise<DealRow | null> {
  const [row] = await withPlace(db).where(eq(deals.id, id));
  return row ? toRow(row) : null;
}

export async function insertDeal(
  db: Database,
  values: DealValues & { createdByUserId: string; now: Date },
): Promise<DealRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(deals)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: deals.id });
  const inserted = row ? await findDeal(db, row.id) : null;
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
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
    .returning({ id: deals.id });
  return row ? findDeal(db, row.id) : null;
}

export async function deleteDeal(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(deals).where(eq(deals.id, id)).returning({ id: deals.id });
  return rows.length > 0;
}
