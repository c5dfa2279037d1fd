import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RemovalRequestStatus, RemovalRequestType } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { locations, removalRequests } from '../../db/schema.ts';

export type RemovalRequestRow = {
  id: string;
  type: RemovalRequestType;
  locationId: string | null;
  locationName: string | null;
  reason: string;
  status: RemovalRequestStatus;
  createdAt: Date;
};

const columns = {
  id: removalRequests.id,
  type: removalRequests.type,
  locationId: removalRequests.locationId,
  // A subquery rather than a join, so that insert … returning can name the place too.
  locationName: sql<
    string | null
  >`(select ${locations.name} from ${locations} where ${locations.id} = ${removalRequests.locationId})`,
  reason: removalRequests.reason,
  status: removalRequests.status,
  createdAt: removalRequests.createdAt,
};

export async function insertRemovalRequest(
  db: Database,
  values: {
    type: RemovalRequestType;
    locationId: string | null;
    userId: string;
    reason: string;
    status: RemovalRequestStatus;
    now: Date;
  },
): Promise<RemovalRequestRow> {
  const [row] = await db
    .insert(removalRequests)
    .values({
      type: values.type,
      locationId: values.locationId,
      userId: values.userId,
      reason: values.reason,
      status: values.status,
      createdAt: values.now,
    })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The caller's still-open request about the same place (or their account), if any. */
export async function findPendingRequest(
  db: Database,
  userId: string,
  type: RemovalRequestType,
  locationId: string | null,
): Promise<RemovalRequestRow | null> {
  const [row] = await db
    .select(columns)
    .from(removalRequests)
    .where(
      and(
        eq(removalRequests.userId, userId),
        eq(removalRequests.type, type),
        eq(removalRequests.status, 'pending'),
        locationId === null ? isNull(removalRequests.locationId) : eq(removalRequests.locationId, locationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listRequestsByUser(
  db: Database,
  userId: string,
  limit: number,
): Promise<RemovalRequestRow[]> {
  return db
    .select(columns)
    .from(removalRequests)
    .where(eq(removalRequests.userId, userId))
    .orderBy(desc(removalRequests.createdAt), desc(removalRequests.id))
    .limit(limit);
}
