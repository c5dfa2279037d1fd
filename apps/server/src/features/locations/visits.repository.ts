/** Visits ("I was here"): the viewer's last ones, and logging one (spec §7). */
import type { LatLng } from '@playspot/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * Logs a visit unless this person already logged one here this hour; returns the new totals,
 * or null when the hour already had one.
 */
export async function insertVisit(tx: Database, locationId: string, userId: string, at: Date) {
  const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  const inserted = await tx
    .insert(visits)
    .values({ locationId, userId, visitedAt: at, visitedHour: hour })
    .onConflictDoNothing()
    .returning({ id: visits.id });
  if (inserted.length === 0) return null;
  const [row] = await tx
    .update(locations)
    // greatest(): of two visits committing out of order, the later one stays the last.
    .set({
      visitCount: sql`${locations.visitCount} + 1`,
      lastVisitedAt: sql`greatest(${locations.lastVisitedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(locations.id, locationId))
    .returning({ visitCount: locations.visitCount });
  return row ?? null;
}

/**
 * Where a location is, or null when there is none. Inside a transaction the place is then held
 * (KEY SHARE, as locationExists), so its deletion waits for the visit being logged.
 */
export async function locationPosition(db: Database, id: string): Promise<LatLng | null> {
  const [row] = await db
    .select({ lat: locations.latitude, lng: locations.longitude })
    .from(locations)
    .where(eq(locations.id, id))
    .for('key share');
  return row ?? null;
}
