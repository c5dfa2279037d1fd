/**
 * Reports (issue 13): signed-in people report a photo, a comment or a place with a reason;
 * a photo or comment that REPORTERS_TO_HIDE different people report is hidden at once, until
 * a moderator reviews it. Moderators see every reported target with its context and decide
 * once for all its open reports: hide (for good: no new report is taken), delete, or dismiss
 * (shown again if reports hid it; what a moderator hid stays hidden). Each decision is
 * written to the audit log in the same transaction as its effect; files go once that
 * transaction has committed.
 */
import {
  hiddenByReports,
  type Actor,
  type CreateReport,
  type CreateReportResult,
  type ReportedItem,
} from '@playspot/core';
import { AppError, notFound } from '../../lib/errors.ts';
import { createReportDecisions } from './report-decisions.ts';
import { reportQueue } from './report-queue.ts';
import { TARGET_WORDS, targetNotFound } from './report-targets.ts';
import type { ReportsDeps } from './reports-deps.ts';
import * as repository from './reports.repository.ts';

export function createReportsService(deps: ReportsDeps) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Files a report. A second report by the same person on the same target while the first
     * is open changes nothing and answers the first (`alreadyReported`), so a double tap or a
     * retry is harmless.
     */
    async report(body: CreateReport, actor: Actor): Promise<CreateReportResult> {
      return db.transaction(async (tx) => {
        const target = await repository.lockTargetForReport(tx, body.targetType, body.targetId);
        if (!target) throw targetNotFound(body.targetType);
        // Gone for everyone after a review: a report now would open a case a dismissal could
        // settle by showing it again.
        if (target.hiddenBy === 'moderator') {
          throw notFound(`A moderator has already taken this ${TARGET_WORDS[body.targetType]} down.`);
        }
        const at = now();
        const inserted = await repository.insertReport(tx, {
          ...body,
          locationId: target.locationId,
          reporterUserId: actor.id,
          at,
        });
        if (!inserted) {
          const existing = await repository.findOpenReport(tx, body.targetId, actor.id);
          if (!existing)
            throw new AppError(409, 'conflict', 'Your report crossed a decision. Please try again.');
          return { report: toReport(existing), alreadyReported: true };
        }
        if (body.targetType !== 'location') {
          const reporters = await repository.countOpenReporters(tx, body.targetId);
          if (hiddenByReports(body.targetType, reporters)) {
            await repository.hide(tx, body.targetType, body.targetId, at, 'reports');
          }
        }
        return { report: toReport(inserted), alreadyReported: false };
      });
    },

    /** Every target with open reports, longest waiting first, with what deciding needs. */
    async queue(): Promise<ReportedItem[]> {
      return reportQueue(db, deps.urlFor);
    },

    ...createReportDecisions(deps),
  };
}

function toReport(row: repository.ReportRow) {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export type { ReportsDeps };
export type ReportsService = ReturnType<typeof createReportsService>;
