/**
 * Live conditions (issue 19): a parent at a place reports what it is like right now; others
 * there confirm it ("still true") or end it ("not any more"); moderators close broken
 * equipment a council has fixed. Each of a parent's writes needs a visit they logged at the
 * place in the last hour, and ends are limited per person (issue 30: core
 * checkConditionWrite). Every write locks the place first, so two parents
 * reporting at once make one report, and the place's closed_until follows its reports.
 */
import {
  checkConditionWrite,
  closedUntil,
  CONDITION_ENDS_WINDOW_MS,
  conditionExpiresAt,
  decideReport,
  ERROR_MESSAGES,
  isConditionActive,
  publicReportedAt,
  publicExpiresAt,
  roleSatisfies,
  type Actor,
  type BrokenReport,
  type ConditionAnswerRequest,
  type ConditionBrief,
  type ConditionReportRequest,
  type ConditionWrite,
  type Equipment,
  type LiveCondition,
  type PlaceConditions,
} from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { LastVisitAt, PlaceExists } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './conditions.repository.ts';

export interface ConditionsDeps {
  database: DatabaseHandle;
  placeExists: PlaceExists;
  /** The visit that lets a parent report here (the visits are the places feature's). */
  lastVisitAt: LastVisitAt;
  now?: () => Date;
  /**
   * Called inside the transaction after a broken report is made or confirmed, the place still
   * locked (issue 48: the maintenance feature decides whether to send it to its maintainer).
   */
  afterBrokenReport?: (
    tx: Database,
    event: { placeId: string; reportId: string; equipment: Equipment; at: Date },
  ) => Promise<void>;
}

/** Verified ones first, then the most recently confirmed. */
function byTrust(a: repository.ReportRow, b: repository.ReportRow): number {
  return b.verifiedVisitors - a.verifiedVisitors || b.lastConfirmedAt.getTime() - a.lastConfirmedAt.getTime();
}

const reportNotFound = () =>
  notFound('That condition is no longer reported here (it ended or someone said it is over).');

/** Recomputes closed_until from the place's reports (after any change to a 'closed' one). */
async function refreshClosed(tx: Database, locationId: string, at: Date): Promise<void> {
  const active = await repository.activeReports(tx, [locationId], at);
  const until = closedUntil(
    active.map((row) => ({ kind: row.kind, expiresAt: row.expiresAt, clearedAt: null })),
    at,
  );
  await repository.setClosedUntil(tx, locationId, until);
}

/** A broken-equipment report as councils get it. */
function toBrokenReport(row: repository.BrokenRow): BrokenReport {
  return {
    id: row.id,
    equipment: row.equipment,
    reportedAt: publicReportedAt(row.reportedAt).toISOString(),
    lastConfirmedAt: publicReportedAt(row.lastConfirmedAt).toISOString(),
    parents: row.parents,
    place: {
      id: row.placeId,
      name: row.placeName,
      latitude: row.latitude,
      longitude: row.longitude,
      operator: row.operator,
    },
  };
}

/**
 * The area's maintainer answered (issue 48): the place's active broken reports of this
 * equipment end, 'fixed' or 'dismissed' (not a defect). Inside the caller's transaction, which
 * holds the place.
 */
export async function endBrokenReports(
  tx: Database,
  report: { placeId: string; equipment: Equipment; how: 'fixed' | 'dismissed'; at: Date },
): Promise<void> {
  const ids = await repository.activeBrokenReports(tx, report.placeId, report.equipment, report.at);
  await repository.clearReports(tx, ids, report.how, report.at);
}

export function createConditionsService(deps: ConditionsDeps) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  async function conditionsOf(locationId: string, userId: string | null): Promise<PlaceConditions> {
    if (!(await deps.placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
    const rows = (await repository.activeReports(db, [locationId], now())).sort(byTrust);
    const mine = userId
      ? await repository.confirmedBy(
          db,
          rows.map((row) => row.id),
          userId,
        )
      : new Set<string>();
    const conditions = rows.map((row): LiveCondition => ({
      id: row.id,
      kind: row.kind,
      equipment: row.equipment,
      reportedAt: publicReportedAt(row.reportedAt).toISOString(),
      lastConfirmedAt: publicReportedAt(row.lastConfirmedAt).toISOString(),
      expiresAt: publicExpiresAt(row.expiresAt).toISOString(),
      parents: row.parents,
      verifiedVisitors: row.verifiedVisitors,
      myAnswer: mine.has(row.id) ? 'still' : null,
    }));
    return { conditions };
  }

  /**
   * Locks the place and checks the person may say this about it (core checkConditionWrite):
   * a visit they logged there in the last hour (the visit's own check read the device's
   * position), within their daily number of ends; moderators end any report from anywhere.
   */
  async function lockForWrite(
    tx: Database,
    locationId: string,
    actor: Actor,
    write: ConditionWrite,
    at: Date,
  ): Promise<void> {
    if (!(await repository.lockPlace(tx, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
    if (write === 'gone') await repository.lockPerson(tx, actor.id);
    const check = checkConditionWrite({
      write,
      moderator: roleSatisfies(actor.role, 'moderator'),
      lastVisitAt: await deps.lastVisitAt(tx, locationId, actor.id),
      endsToday:
        write === 'gone'
          ? await repository.endsSince(tx, actor.id, new Date(at.getTime() - CONDITION_ENDS_WINDOW_MS))
          : 0,
      now: at,
    });
    if (!check.ok) throw new AppError(check.status, check.code, check.message);
  }

  return {
    conditionsOf,

    /** "It's wet here": a new report, or a confirmation of the same one already showing. */
    async report(
      actor: Actor,
      locationId: string,
      request: ConditionReportRequest,
    ): Promise<{ created: boolean; conditions: PlaceConditions }> {
      const userId = actor.id;
      const created = await db.transaction(async (tx) => {
        const at = now();
        await lockForWrite(tx, locationId, actor, 'report', at);
        const active = await repository.activeReports(tx, [locationId], at);
        const equipment = request.equipment ?? null;
        const decision = decideReport(active, request.kind, equipment);
        const expiresAt = conditionExpiresAt(request.kind, at);
        let reportId: string;
        if (decision.action === 'confirm') {
          reportId = decision.reportId;
          await repository.confirmReport(tx, { reportId, userId, at, expiresAt });
        } else {
          await repository.clearReports(tx, decision.ends, 'superseded', at);
          reportId = await repository.insertReport(tx, {
            locationId,
            kind: request.kind,
            equipment,
            userId,
            at,
            expiresAt,
          });
        }
        if (request.kind === 'closed') await refreshClosed(tx, locationId, at);
        if (request.kind === 'broken' && equipment !== null)
          await deps.afterBrokenReport?.(tx, { placeId: locationId, reportId, equipment, at });
        return decision.action === 'create';
      });
      return { created, conditions: await conditionsOf(locationId, userId) };
    },

    /** "Still true" keeps it (and counts the parent); "not any more" ends it for everyone. */
    async answer(
      actor: Actor,
      locationId: string,
      reportId: string,
      request: ConditionAnswerRequest,
    ): Promise<PlaceConditions> {
      const userId = actor.id;
      await db.transaction(async (tx) => {
        const at = now();
        await lockForWrite(tx, locationId, actor, request.answer, at);
        const report = await repository.reportOf(tx, locationId, reportId);
        if (!report || !isConditionActive(report, at)) throw reportNotFound();
        if (request.answer === 'still') {
          const expiresAt = conditionExpiresAt(report.kind, at);
          await repository.confirmReport(tx, { reportId, userId, at, expiresAt });
          if (report.kind === 'broken' && report.equipment !== null)
            await deps.afterBrokenReport?.(tx, {
              placeId: locationId,
              reportId,
              equipment: report.equipment,
              at,
            });
        } else {
          await repository.clearReports(tx, [reportId], 'gone', at, userId);
        }
        if (report.kind === 'closed') await refreshClosed(tx, locationId, at);
      });
      return conditionsOf(locationId, userId);
    },

    /** A moderator closes a report (a council fixed the swing); no need to be there. */
    async close(reportId: string): Promise<{ closed: true }> {
      const locationId = await repository.placeOfReport(db, reportId);
      if (!locationId) throw reportNotFound();
      await db.transaction(async (tx) => {
        if (!(await repository.lockPlace(tx, locationId))) throw reportNotFound();
        const at = now();
        const report = await repository.reportOf(tx, locationId, reportId);
        if (!report || !isConditionActive(report, at)) throw reportNotFound();
        await repository.clearReports(tx, [reportId], 'fixed', at);
        if (report.kind === 'closed') await refreshClosed(tx, locationId, at);
      });
      return { closed: true };
    },

    /** Open broken-equipment reports, oldest first; of one operator's places when asked. */
    async broken(operator: string | null): Promise<BrokenReport[]> {
      const rows = await repository.openBrokenReports(db, now(), operator);
      return rows.map(toBrokenReport);
    },

    /** The short form for list rows and cards: active reports of these places, newest first. */
    async briefsOf(locationIds: string[]): Promise<Map<string, ConditionBrief[]>> {
      const rows = await repository.activeReports(db, locationIds, now());
      const byPlace = new Map<string, ConditionBrief[]>();
      for (const row of rows.sort((a, b) => b.lastConfirmedAt.getTime() - a.lastConfirmedAt.getTime())) {
        const briefs = byPlace.get(row.locationId) ?? [];
        briefs.push({
          kind: row.kind,
          equipment: row.equipment,
          lastConfirmedAt: publicReportedAt(row.lastConfirmedAt).toISOString(),
          expiresAt: publicExpiresAt(row.expiresAt).toISOString(),
          parents: row.parents,
        });
        byPlace.set(row.locationId, briefs);
      }
      return byPlace;
    },
  };
}

export type ConditionsService = ReturnType<typeof createConditionsService>;
