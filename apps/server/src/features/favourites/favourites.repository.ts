/** The favourites table: a person's saved places, with when each was saved. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { favourites } from '../../db/schema.ts';

/** Saves the place for the person; true when it was not saved yet. */
export async function saveFavourite(
  tx: Database,
  userId: string,
  locationId: string,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(favourites)
    .values({ userId, locationId, createdAt: now })
    .onConflictDoNothing()
    .returning({ locationId: favourites.locationId });
  return inserted.length > 0;
}

export async function removeFavourite(db: Database, userId: string, locationId: string): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.locationId, locationId)));
}

export async function countFavourites(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
  return row?.n ?? 0;
}

/** The person's saved places, newest saved first. */
export async function listFavourites(
  db: Database,
  userId: string,
  limit: number,
): Promise<{ locationId: string; savedAt: Date }[]> {
  return db
    .select({ locationId: favourites.locationId, savedAt: favourites.createdAt })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.locationId))
    .limit(limit);
}
