/**
 * Live conditions as stored (issue 19): reports, the parents who said each is true, and the
 * place's closed_until that "near you" reads. "Verified" is core isVerifiedBy as SQL: a
 * visit by the same parent to the same place at most VERIFIED_VISIT_DAYS before.
 */
import { VERIFIED_VISIT_DAYS, type ConditionKind, type Equipment } from '@playspot/core';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conditionConfirmations, conditionReports, locations, users } from '../../db/schema.ts';

export interface ReportRow {
  id: string;
  locationId: string;
  kind: ConditionKind;
  equipment: Equipment | null;
  reportedAt: Date;
  lastConfirmedAt: Date;
  expiresAt: Date;
  parents: number;
  verifiedVisitors: number;
}

/** Whether this confirmation is backed by a visit in the month before it (core isVerifiedBy). */
const verifiedConfirmation = sql`exists (
  select 1 from visits v
  where v.location_id = ${conditionReports.locationId} and v.user_id = ${conditionConfirmations.userId}
    and v.visited_at <= ${conditionConfirmations.confirmedAt}
    and v.visited_at >= ${conditionConfirmations.confirmedAt} - make_interval(days => ${sql.raw(String(VERIFIED_VISIT_DAYS))})
)`;

/** The active reports of these places at `now`, with how many parents and visitors back each. */
export async function activeReports(db: Database, locationIds: string[], now: Date): Promise<ReportRow[]> {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select({
      id: conditionReports.id,
      locationId: conditionReports.locationId,
      kind: conditionReports.kind,
      equipment: conditionReports.equipment,
      reportedAt: conditionReports.reportedAt,
      lastConfirmedAt: conditionReports.lastConfirmedAt,
      expiresAt: conditionReports.expiresAt,
      parents: sql<number>`count(${conditionConfirmations.userId})::int`,
      verifiedVisitors: sql<number>`(count(*) filter (where ${verifiedConfirmation}))::int`,
    })
    .from(conditionReports)
    .innerJoin(conditionConfirmations, eq(conditionConfirmations.reportId, conditionReports.id))
    .where(
      and(
        inArray(conditionReports.locationId, locationIds),
        isNull(conditionReports.clearedAt),
        gt(conditionReports.expiresAt, now),
      ),
    )
    .groupBy(conditionReports.id);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as ConditionKind,
    equipment: row.equipment as Equipment | null,
  }));
}

/** Which of these reports this parent said are true. */
export async function confirmedBy(db: Database, reportIds: string[], userId: string): Promise<Set<string>> {
  if (reportIds.length === 0) return new Set();
  const rows = await db
    .select({ reportId: conditionConfirmations.reportId })
    .from(conditionConfirmations)
    .where(
      and(inArray(conditionConfirmations.reportId, reportIds), eq(conditionConfirmations.userId, userId)),
    );
  return new Set(rows.map((row) => row.reportId));
}

/**
 * Holds this person's row until the transaction ends, so their ends at other places (on any
 * server process) wait and then count this one: the daily limit holds under parallel writes.
 * Taken after the place's lock, as people come last in the lock order.
 */
export async function lockPerson(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** How many reports this person said were over ('gone') after `since`. */
export async function endsSince(tx: Database, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(conditionReports)
    .where(and(eq(conditionReports.clearedByUserId, userId), gt(conditionReports.clearedAt, since)));
  return row?.count ?? 0;
}

/**
 * Holds the place until commit (FOR NO KEY UPDATE: reports on one place take turns, so two
 * parents reporting "wet" at once make one report) and says where it is; null when none.
 */
export async function lockPlace(
  tx: Database,
  locationId: string,
): Promise<{ name: string; lat: number; lng: number } | null> {
  const [row] = await tx
    .select({ name: locations.name, lat: locations.latitude, lng: locations.longitude })
    .from(locations)
    .where(eq(locations.id, locationId))
    .for('no key update');
  return row ?? null;
}

export async function insertReport(
  tx: Database,
  report: {
    locationId: string;
    kind: ConditionKind;
    equipment: Equipment | null;
    userId: string;
    at: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(conditionReports)
    .values({
      locationId: report.locationId,
      kind: report.kind,
      equipment: report.equipment,
      reportedAt: report.at,
      lastConfirmedAt: report.at,
      expiresAt: report.expiresAt,
    })
    .returning({ id: conditionReports.id });
  if (!row) throw new Error('condition report not inserted');
  await tx
    .insert(conditionConfirmations)
    .values({ reportId: row.id, userId: report.userId, confirmedAt: report.at });
  return row.id;
}

/** A parent says it is still true: counted once per parent, and the report lives on from now. */
export async function confirmReport(
  tx: Database,
  confirmation: { reportId: string; userId: string; at: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(conditionConfirmations)
    .values({ reportId: confirmation.reportId, userId: confirmation.userId, confirmedAt: confirmation.at })
    .onConflictDoUpdate({
      target: [conditionConfirmations.reportId, conditionConfirmations.userId],
      set: { confirmedAt: confirmation.at },
    });
  await tx
    .update(conditionReports)
    .set({ lastConfirmedAt: confirmation.at, expiresAt: confirmation.expiresAt })
    .where(eq(conditionReports.id, confirmation.reportId));
}

export async function clearReports(
  tx: Database,
  reportIds: readonly string[],
  how: 'gone' | 'fixed' | 'dismissed' | 'superseded',
  at: Date,
  byUserId: string | null = null,
): Promise<void> {
  if (reportIds.length === 0) return;
  await tx
    .update(conditionReports)
    .set({ clearedAt: at, clearedHow: how, clearedByUserId: byUserId })
    .where(and(inArray(conditionReports.id, [...reportIds]), isNull(conditionReports.clearedAt)));
}

/** The active broken reports of one piece of equipment at a place (its maintainer answered). */
export async function activeBrokenReports(
  tx: Database,
  locationId: string,
  equipment: Equipment,
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .select({ id: conditionReports.id })
    .from(conditionReports)
    .where(
      and(
        eq(conditionReports.locationId, locationId),
        eq(conditionReports.kind, 'broken'),
        eq(conditionReports.equipment, equipment),
        isNull(conditionReports.clearedAt),
        gt(conditionReports.expiresAt, now),
      ),
    );
  return rows.map((row) => row.id);
}

/** One report, locked with its place held by the caller; null when it is not this place's. */
export async function reportOf(
  tx: Database,
  locationId: string,
  reportId: string,
): Promise<{
  kind: ConditionKind;
  equipment: Equipment | null;
  expiresAt: Date;
  clearedAt: Date | null;
} | null> {
  const [row] = await tx
    .select({
      kind: conditionReports.kind,
      equipment: conditionReports.equipment,
      expiresAt: conditionReports.expiresAt,
      clearedAt: conditionReports.clearedAt,
    })
    .from(conditionReports)
    .where(and(eq(conditionReports.id, reportId), eq(conditionReports.locationId, locationId)));
  return row
    ? { ...row, kind: row.kind as ConditionKind, equipment: row.equipment as Equipment | null }
    : null;
}

/** The place of a report (for a moderator closing it), or null. */
export async function placeOfReport(db: Database, reportId: string): Promise<string | null> {
  const [row] = await db
    .select({ locationId: conditionReports.locationId })
    .from(conditionReports)
    .where(eq(conditionReports.id, reportId));
  return row?.locationId ?? null;
}

/** Keeps the place's closed_until equal to core closedUntil over its reports. */
export async function setClosedUntil(tx: Database, locationId: string, until: Date | null): Promise<void> {
  await tx
    .update(locations)
    .set({ closedUntil: until })
    .where(and(eq(locations.id, locationId), sql`${locations.closedUntil} is distinct from ${until}`));
}

export interface BrokenRow {
  id: string;
  equipment: Equipment;
  reportedAt: Date;
  lastConfirmedAt: Date;
  parents: number;
  placeId: string;
  placeName: string;
  latitude: number;
  longitude: number;
  operator: string | null;
}

/** Open broken-equipment reports, oldest first, optionally of one operator's places. */
export async function openBrokenReports(
  db: Database,
  now: Date,
  operator: string | null,
): Promise<BrokenRow[]> {
  const operatorOf = sql<string | null>`${locations.facts} ->> 'operator'`;
  const rows = await db
    .select({
      id: conditionReports.id,
      equipment: conditionReports.equipment,
      reportedAt: conditionReports.reportedAt,
      lastConfirmedAt: conditionReports.lastConfirmedAt,
      parents: sql<number>`(select count(*) from ${conditionConfirmations} c where c.report_id = ${conditionReports.id})::int`,
      placeId: locations.id,
      placeName: locations.name,
      latitude: locations.latitude,
      longitude: locations.longitude,
      operator: operatorOf,
    })
    .from(conditionReports)
    .innerJoin(locations, eq(locations.id, conditionReports.locationId))
    .where(
      and(
        eq(conditionReports.kind, 'broken'),
        isNull(conditionReports.clearedAt),
        gt(conditionReports.expiresAt, now),
        operator === null ? undefined : sql`${operatorOf} = ${operator}`,
      ),
    )
    .orderBy(conditionReports.reportedAt, conditionReports.id)
    .limit(5000);
  return rows.map((row) => ({ ...row, equipment: (row.equipment ?? 'other') as Equipment }));
}
