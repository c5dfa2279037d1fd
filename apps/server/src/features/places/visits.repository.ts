/** Visits ("I was here"): the viewer's last ones, and logging one (spec §7). */
import type { LatLng } from '@playspot/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, visits } from '../../db/schema.ts';

/** When the person last visited each of these places (only places they visited). */
export async function lastVisitsOfUser(
  db: Database,
  userId: string,
  locationIds: string[],
): Promise<Map<string, Date>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({
      locationId: visits.locationId,
      at: sql<Date>`max(${visits.visitedAt})`.mapWith(visits.visitedAt),
    })
    .from(visits)
    .where(and(eq(visits.userId, userId), inArray(visits.locationId, locationIds)))
    .groupBy(visits.locationId);
  return new Map(rows.map((row) => [row.locationId, row.at]));
}

/**
 * Holds the place for the rest of the transaction (FOR NO KEY UPDATE, the lock its visit
 * counter's update takes anyway) and says where it is; null when there is none. Visits to one
 * place are then one after the other: of two taps at once, the second sees the first's visit.
 * Deleting the place waits for the visit being logged.
 */
export async function lockPlaceForVisit(tx: Database, id: string): Promise<LatLng | null> {
  const [row] = await tx
    .select({ lat: locations.latitude, lng: locations.longitude })
    .from(locations)
    .where(eq(locations.id, id))
    .for('no key update');
  return row ?? null;
}

/** When this person last visited this place, or null when never. */
export async function lastVisitAt(tx: Database, locationId: string, userId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: visits.visitedAt })
    .from(visits)
    .where(and(eq(visits.locationId, locationId), eq(visits.userId, userId)))
    .orderBy(desc(visits.visitedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Logs a visit and counts it on the place; returns the place's new visit count. */
export async function insertVisit(
  tx: Database,
  locationId: string,
  userId: string,
  at: Date,
): Promise<number> {
  await tx.insert(visits).values({ locationId, userId, visitedAt: at });
  const [row] = await tx
    .update(locations)
    // greatest(): of two visits committing out of order, the later one stays the last.
    .set({
      visitCount: sql`${locations.visitCount} + 1`,
      lastVisitedAt: sql`greatest(${locations.lastVisitedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(locations.id, locationId))
    .returning({ visitCount: locations.visitCount });
  if (!row) throw new Error('visited place has no row');
  return row.visitCount;
}
