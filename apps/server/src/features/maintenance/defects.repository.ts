/**
 * Defects as stored (issue 48): made from parents' broken reports, sent by the delivery job,
 * answered by maintainers. The reports, their confirmations, visits and photos are read here
 * as SQL (never through another feature's repository); what a parent said is only counted.
 */
import {
  DEFECT_PHOTO_WINDOW_MS,
  VERIFIED_VISIT_DAYS,
  type DefectBacker,
  type Equipment,
} from '@playspot/core';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { defects } from '../../db/schema.ts';

/** The photo window as SQL text (a constant, so statements stay the same text). */
const PHOTO_WINDOW_SECONDS = sql.raw(String(DEFECT_PHOTO_WINDOW_MS / 1000));

async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

/** The open defect of this place's equipment, if any. */
export async function openDefectOf(
  tx: Database,
  placeId: string,
  equipment: Equipment,
): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: defects.id })
    .from(defects)
    .where(and(eq(defects.placeId, placeId), eq(defects.equipment, equipment), isNull(defects.resolvedAt)));
  return row ?? null;
}

/** The latest "fixed" of this place's equipment: which defect and when. */
export async function lastFixOf(
  tx: Database,
  placeId: string,
  equipment: Equipment,
): Promise<{ id: string; fixedAt: Date } | null> {
  // Raw statements answer timestamps as text (drizzle's parsers): read into a Date here.
  const [row] = await rowsOf<{ id: string; fixed_at: string | Date }>(
    tx,
    sql`select id, resolved_at as fixed_at from defects
        where place_id = ${placeId} and equipment = ${equipment} and resolved_how = 'fixed'
        order by resolved_at desc limit 1`,
  );
  return row ? { id: row.id, fixedAt: new Date(row.fixed_at) } : null;
}

/**
 * Each parent behind a report: verified (a visit to the place in the month before their word,
 * core isVerifiedBy) and with a photo (one they uploaded of the place from an hour before
 * their word on, still shown).
 */
export async function backersOf(tx: Database, reportId: string): Promise<DefectBacker[]> {
  const rows = await rowsOf<{ verified: boolean; with_photo: boolean }>(
    tx,
    sql`select
          exists (select 1 from visits v where v.location_id = r.location_id and v.user_id = c.user_id
                  and v.visited_at <= c.confirmed_at
                  and v.visited_at >= c.confirmed_at - make_interval(days => ${sql.raw(String(VERIFIED_VISIT_DAYS))})) as verified,
          exists (select 1 from images i where i.location_id = r.location_id and i.uploaded_by_user_id = c.user_id
                  and i.hidden_at is null
                  and i.created_at >= c.confirmed_at - make_interval(secs => ${PHOTO_WINDOW_SECONDS})) as with_photo
        from condition_confirmations c join condition_reports r on r.id = c.report_id
        where c.report_id = ${reportId}`,
  );
  return rows.map((row) => ({ verified: row.verified, withPhoto: row.with_photo }));
}

/** A new defect; null when the place's equipment already has an open one (the unique key). */
export async function insertDefect(
  tx: Database,
  defect: { placeId: string; equipment: Equipment; areaId: string; reportId: string; at: Date },
): Promise<string | null> {
  const [row] = await tx
    .insert(defects)
    .values({
      placeId: defect.placeId,
      equipment: defect.equipment,
      areaId: defect.areaId,
      reportId: defect.reportId,
      openedAt: defect.at,
      updatedAt: defect.at,
    })
    .onConflictDoNothing()
    .returning({ id: defects.id });
  return row?.id ?? null;
}

/**
 * Parents contradicted a "fixed": the defect is open again, behind the new report, and is to
 * be sent again (its delivery starts afresh).
 */
export async function reopenDefect(
  tx: Database,
  defectId: string,
  reportId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(defects)
    .set({
      resolvedAt: null,
      resolvedHow: null,
      resolvedByUserId: null,
      reopenedAt: at,
      reportId,
      deliveryState: 'pending',
      deliveryAttempts: 0,
      deliveryError: null,
      deliveredChannels: sql`'{}'::text[]`,
      deliveredAt: null,
      open311RequestId: null,
      open311Token: null,
      updatedAt: at,
    })
    .where(eq(defects.id, defectId));
}

export interface DefectRow {
  id: string;
  placeId: string;
  placeName: string;
  latitude: number;
  longitude: number;
  equipment: Equipment;
  areaId: string;
  areaName: string;
  openedAt: Date;
  reopenedAt: Date | null;
  firstReportedAt: Date;
  lastConfirmedAt: Date;
  parents: number;
  deliveryState: 'pending' | 'sent' | 'failed';
  deliveryAttempts: number;
  deliveryError: string | null;
  deliveredChannels: ('email' | 'open311')[];
  open311RequestId: string | null;
  open311Token: string | null;
  resolvedHow: 'fixed' | 'not_defect' | null;
  resolvedAt: Date | null;
  updatedAt: Date;
  /** Storage keys of the photos behind it (see backersOf), oldest first. */
  photoKeys: { key: string; thumbnailKey: string | null }[];
}

/** Defects with what a maintainer or a message needs; `where` picks them (d: defects). */
async function defectRows(db: Database, where: SQL, limit = 1000): Promise<DefectRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select d.id, d.place_id, l.name as place_name, l.latitude, l.longitude, d.equipment,
          d.area_id, a.name as area_name, d.opened_at, d.reopened_at,
          coalesce(r.reported_at, d.opened_at) as first_reported_at,
          coalesce(r.last_confirmed_at, d.opened_at) as last_confirmed_at,
          (select count(*) from condition_confirmations c where c.report_id = r.id)::int as parents,
          d.delivery_state, d.delivery_attempts, d.delivery_error, d.delivered_channels,
          d.open311_request_id, d.open311_token, d.resolved_how, d.resolved_at, d.updated_at,
          coalesce((select json_agg(json_build_object('key', i.storage_key, 'thumbnailKey', i.thumbnail_storage_key)
                              order by i.created_at, i.id)
                    from images i
                    where i.location_id = d.place_id and i.hidden_at is null and r.id is not null
                      and i.created_at >= r.reported_at - make_interval(secs => ${PHOTO_WINDOW_SECONDS})
                      and i.uploaded_by_user_id in (select c.user_id from condition_confirmations c where c.report_id = r.id)),
                   '[]'::json) as photo_keys
        from defects d
        join locations l on l.id = d.place_id
        join maintenance_areas a on a.id = d.area_id
        left join condition_reports r on r.id = d.report_id
        where ${where}
        order by d.opened_at, d.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id as string,
    placeId: row.place_id as string,
    placeName: row.place_name as string,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    equipment: row.equipment as Equipment,
    areaId: row.area_id as string,
    areaName: row.area_name as string,
    openedAt: new Date(row.opened_at as Date),
    reopenedAt: row.reopened_at === null ? null : new Date(row.reopened_at as Date),
    firstReportedAt: new Date(row.first_reported_at as Date),
    lastConfirmedAt: new Date(row.last_confirmed_at as Date),
    parents: row.parents as number,
    deliveryState: row.delivery_state as DefectRow['deliveryState'],
    deliveryAttempts: row.delivery_attempts as number,
    deliveryError: row.delivery_error as string | null,
    deliveredChannels: row.delivered_channels as DefectRow['deliveredChannels'],
    open311RequestId: row.open311_request_id as string | null,
    open311Token: row.open311_token as string | null,
    resolvedHow: row.resolved_how as DefectRow['resolvedHow'],
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at as Date),
    updatedAt: new Date(row.updated_at as Date),
    photoKeys: (typeof row.photo_keys === 'string'
      ? JSON.parse(row.photo_keys)
      : row.photo_keys) as DefectRow['photoKeys'],
  }));
}

export async function defectById(db: Database, defectId: string): Promise<DefectRow | null> {
  const [row] = await defectRows(db, sql`d.id = ${defectId}`);
  return row ?? null;
}

/** An area's open defects, oldest first. */
export async function openDefectsOfArea(db: Database, areaId: string): Promise<DefectRow[]> {
  return defectRows(db, sql`d.area_id = ${areaId} and d.resolved_at is null`);
}

/** Defects whose delivery is in this state (all of them when null), most recently changed last. */
export async function defectsByDelivery(
  db: Database,
  state: 'pending' | 'sent' | 'failed' | null,
): Promise<DefectRow[]> {
  return defectRows(db, state === null ? sql`true` : sql`d.delivery_state = ${state}`, 500);
}

/**
 * The defect's area, place and state; held until commit ('lock': maintainers answering at once
 * take turns) or only read ('read').
 */
export async function lockDefect(
  tx: Database,
  defectId: string,
  mode: 'lock' | 'read' = 'lock',
): Promise<{ areaId: string; placeId: string; equipment: Equipment; resolvedAt: Date | null } | null> {
  const query = tx
    .select({
      areaId: defects.areaId,
      placeId: defects.placeId,
      equipment: defects.equipment,
      resolvedAt: defects.resolvedAt,
    })
    .from(defects)
    .where(eq(defects.id, defectId));
  const [row] = mode === 'lock' ? await query.for('no key update') : await query;
  return row ? { ...row, equipment: row.equipment as Equipment } : null;
}

export async function resolveDefect(
  tx: Database,
  defectId: string,
  how: 'fixed' | 'not_defect',
  byUserId: string | null,
  at: Date,
): Promise<void> {
  await tx
    .update(defects)
    .set({ resolvedHow: how, resolvedAt: at, resolvedByUserId: byUserId, updatedAt: at })
    .where(and(eq(defects.id, defectId), isNull(defects.resolvedAt)));
}

/** A channel reached: kept at once, so a retry never sends on it again. */
export async function recordChannelDelivered(
  db: Database,
  defectId: string,
  channel: 'email' | 'open311',
  at: Date,
  open311: { requestId: string | null; token: string | null } | null = null,
): Promise<void> {
  await db
    .update(defects)
    .set({
      deliveredChannels: sql`array_append(${defects.deliveredChannels}, ${channel})`,
      ...(open311 ? { open311RequestId: open311.requestId, open311Token: open311.token } : {}),
      updatedAt: at,
    })
    .where(and(eq(defects.id, defectId), sql`not (${channel} = any(${defects.deliveredChannels}))`));
}

export async function recordDeliveryOutcome(
  db: Database,
  defectId: string,
  outcome: { state: 'pending' | 'sent' | 'failed'; attempts: number; error: string | null; at: Date },
): Promise<void> {
  await db
    .update(defects)
    .set({
      deliveryState: outcome.state,
      deliveryAttempts: outcome.attempts,
      deliveryError: outcome.error,
      ...(outcome.state === 'sent' ? { deliveredAt: outcome.at } : {}),
      updatedAt: outcome.at,
    })
    .where(eq(defects.id, defectId));
}

export async function recordOpen311RequestId(
  db: Database,
  defectId: string,
  requestId: string,
): Promise<void> {
  await db.update(defects).set({ open311RequestId: requestId }).where(eq(defects.id, defectId));
}

export interface FixRow {
  placeId: string;
  placeName: string;
  equipment: Equipment;
  fixedAt: Date;
  areaName: string;
}

const fixColumns = sql`d.place_id, l.name as place_name, d.equipment, d.resolved_at as fixed_at, a.name as area_name`;
const toFix = (row: Record<string, unknown>): FixRow => ({
  placeId: row.place_id as string,
  placeName: row.place_name as string,
  equipment: row.equipment as Equipment,
  fixedAt: new Date(row.fixed_at as Date),
  areaName: row.area_name as string,
});

/** The place's fixes since `since`, newest first. */
export async function fixesOfPlace(db: Database, placeId: string, since: Date): Promise<FixRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${fixColumns} from defects d
        join locations l on l.id = d.place_id join maintenance_areas a on a.id = d.area_id
        where d.place_id = ${placeId} and d.resolved_how = 'fixed' and d.resolved_at >= ${since}
        order by d.resolved_at desc limit 20`,
  );
  return rows.map(toFix);
}

/**
 * Fixes of equipment this person reported or confirmed broken: the reports the "fixed" ended
 * (cleared at the fix's instant), newest first.
 */
export async function fixesOfPerson(db: Database, userId: string, limit: number): Promise<FixRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select distinct on (d.id) ${fixColumns} from defects d
        join locations l on l.id = d.place_id join maintenance_areas a on a.id = d.area_id
        join condition_reports r on r.location_id = d.place_id and r.kind = 'broken'
          and r.equipment = d.equipment and r.cleared_how = 'fixed' and r.cleared_at = d.resolved_at
        join condition_confirmations c on c.report_id = r.id and c.user_id = ${userId}
        where d.resolved_how = 'fixed'
        order by d.id`,
  );
  return rows
    .map(toFix)
    .sort((a, b) => b.fixedAt.getTime() - a.fixedAt.getTime())
    .slice(0, limit);
}

/** Areas with their open defects: this person's, or every area (null: an admin). */
export async function areasOf(
  db: Database,
  userId: string | null,
): Promise<{ id: string; name: string; openDefects: number }[]> {
  const rows = await rowsOf<{ id: string; name: string; open_defects: number }>(
    db,
    sql`select a.id, a.name,
          (select count(*) from defects d where d.area_id = a.id and d.resolved_at is null)::int as open_defects
        from maintenance_areas a
        where ${userId === null ? sql`true` : sql`exists (select 1 from area_maintainers m where m.area_id = a.id and m.user_id = ${userId})`}
        order by a.name, a.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, openDefects: row.open_defects }));
}

export interface AreaFigures {
  areaName: string;
  sent: number;
  failed: number;
  fixed: number;
  /** Median seconds from sending to "fixed"; null when none is fixed. */
  medianSecondsToFixed: number | null;
}

/** The Prometheus figures per area (lib/metrics.ts reads them at scrape time). */
export async function areaFigures(db: Database): Promise<AreaFigures[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select a.name,
          (count(d.id) filter (where d.delivery_state = 'sent'))::int as sent,
          (count(d.id) filter (where d.delivery_state = 'failed'))::int as failed,
          (count(d.id) filter (where d.resolved_how = 'fixed'))::int as fixed,
          percentile_cont(0.5) within group (order by extract(epoch from d.resolved_at - d.opened_at))
            filter (where d.resolved_how = 'fixed') as median_seconds
        from maintenance_areas a left join defects d on d.area_id = a.id
        group by a.id, a.name
        order by a.name`,
  );
  return rows.map((row) => ({
    areaName: row.name as string,
    sent: row.sent as number,
    failed: row.failed as number,
    fixed: row.fixed as number,
    medianSecondsToFixed: row.median_seconds === null ? null : Number(row.median_seconds),
  }));
}
