/**
 * Defects (issue 48): after each broken report or confirmation (inside its transaction, the
 * place locked) core decideDefect says whether to make one and queue its delivery, reopen a
 * contradicted fix (and send it again), or wait. Maintainers of the area (and admins) say "fixed" — which ends the
 * parents' reports — or "not a defect"; an Open311 server's "closed" is a "fixed". The reads
 * are in defect-reads.ts.
 */
import {
  decideDefect,
  type Actor,
  type Defect,
  type DefectAnswerRequest,
  type Equipment,
} from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { LockPlace } from '../../lib/capabilities.ts';
import { notFound } from '../../lib/errors.ts';
import * as areas from './areas.repository.ts';
import { createDefectReads } from './defect-reads.ts';
import { areaForActor, toDefect } from './defect-views.ts';
import * as repository from './defects.repository.ts';

/** A broken report just made or confirmed at a place (conditions feature, inside its transaction). */
export interface BrokenReportEvent {
  readonly placeId: string;
  readonly reportId: string;
  readonly equipment: Equipment;
  readonly at: Date;
}

export interface DefectsDeps {
  database: DatabaseHandle;
  now: () => Date;
  /** A stored photo's public URL (absolute, or relative to publicUrl). */
  urlFor: (key: string) => string;
  publicUrl: string;
  /** Locks the place for the transaction (the places feature's). */
  lockPlace: LockPlace;
  /** Ends the place's active broken reports of this equipment (the conditions feature's). */
  endBrokenReports: (
    tx: Database,
    report: { placeId: string; equipment: Equipment; how: 'fixed' | 'dismissed'; at: Date },
  ) => Promise<void>;
  /** Queues the defect's delivery in the same transaction; null: deliveries are off. */
  enqueueDelivery: ((tx: Database, defectId: string) => Promise<void>) | null;
}

const defectNotFound = () => notFound('No such defect.');

export function createDefectsService(deps: DefectsDeps) {
  const db = deps.database.db;
  const absolute = (key: string) => new URL(deps.urlFor(key), deps.publicUrl).href;

  /**
   * Resolves an open defect and ends its reports. The place is locked first, as every
   * condition write does (then the defect), so a parent's report and this take turns.
   */
  async function resolve(
    defectId: string,
    how: 'fixed' | 'not_defect',
    byUserId: string | null,
  ): Promise<void> {
    const at = deps.now();
    await db.transaction(async (tx) => {
      const seen = await repository.lockDefect(tx, defectId, 'read');
      if (!seen || !(await deps.lockPlace(tx, seen.placeId))) return;
      const defect = await repository.lockDefect(tx, defectId);
      if (!defect || defect.resolvedAt !== null) return;
      await repository.resolveDefect(tx, defectId, how, byUserId, at);
      await deps.endBrokenReports(tx, {
        placeId: defect.placeId,
        equipment: defect.equipment,
        how: how === 'fixed' ? 'fixed' : 'dismissed',
        at,
      });
    });
  }

  return {
    ...createDefectReads({ database: deps.database, now: deps.now, absolute }),

    /** After a broken report or confirmation: make and queue a defect, reopen a fix, or wait. */
    async onBrokenReport(tx: Database, event: BrokenReportEvent): Promise<void> {
      const area = await areas.areaOfPlace(tx, event.placeId);
      const open = await repository.openDefectOf(tx, event.placeId, event.equipment);
      const lastFix = open ? null : await repository.lastFixOf(tx, event.placeId, event.equipment);
      const decision = decideDefect({
        inArea: area !== null,
        openDefect: open !== null,
        lastFixedAt: lastFix?.fixedAt ?? null,
        backers: area && !open ? await repository.backersOf(tx, event.reportId) : [],
        now: event.at,
      });
      if (decision === 'reopen' && lastFix) {
        await repository.reopenDefect(tx, lastFix.id, event.reportId, event.at);
        if (deps.enqueueDelivery) await deps.enqueueDelivery(tx, lastFix.id);
      } else if (decision === 'send' && area) {
        const defectId = await repository.insertDefect(tx, { ...event, areaId: area.id });
        if (defectId && deps.enqueueDelivery) await deps.enqueueDelivery(tx, defectId);
      }
    },

    /** "Fixed" ends the parents' reports of the equipment; "not a defect" ends them too, unsent. */
    async answer(actor: Actor, defectId: string, request: DefectAnswerRequest): Promise<Defect> {
      const defect = await repository.lockDefect(db, defectId, 'read');
      if (!defect) throw defectNotFound();
      await areaForActor(db, actor, defect.areaId);
      await resolve(defectId, request.answer, actor.id);
      const row = await repository.defectById(db, defectId);
      if (!row) throw defectNotFound();
      return toDefect(row, absolute);
    },

    /** The Open311 server says the request is closed: fixed by the area. */
    async closedByOpen311(defectId: string): Promise<void> {
      await resolve(defectId, 'fixed', null);
    },
  };
}

export type DefectsService = ReturnType<typeof createDefectsService>;
