/**
 * Reports (issue 13, child safety): any signed-in person may tell the moderators that a
 * photo, a comment or a place is wrong, with a reason from a fixed list. A photo or comment
 * that enough different people report is hidden until a moderator reviews it; moderators
 * then hide it for good, delete it, or dismiss the reports.
 */
import { exhaustiveSwitchError } from './assert.ts';

export const REPORT_TARGET_TYPES = ['photo', 'comment', 'location'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'child-face',
  'wrong-information',
  'closed-or-unsafe',
  'spam-or-abuse',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words people pick from (and moderators read). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'child-face': "Shows a child's face",
  'wrong-information': 'Wrong information',
  'closed-or-unsafe': 'Closed or unsafe',
  'spam-or-abuse': 'Spam or abuse',
  other: 'Something else',
};

/** The optional note with a report. */
export const REPORT_NOTE_MAX_LENGTH = 500;

/**
 * Distinct people whose open reports hide a photo or comment until a moderator reviews it:
 * one upset person cannot take down another's photo, three agreeing people can at once.
 */
export const REPORTERS_TO_HIDE = 3;

/** Whether `distinctReporters` open reports hide the thing reported (never a place). */
export function hiddenByReports(targetType: ReportTargetType, distinctReporters: number): boolean {
  switch (targetType) {
    case 'photo':
    case 'comment':
      return distinctReporters >= REPORTERS_TO_HIDE;
    case 'location':
      // A place is never taken off the map by reports alone: people rely on finding it, and
      // a wrong place is fixed or removed by a moderator.
      return false;
    default:
      return exhaustiveSwitchError(targetType, 'report target type');
  }
}

/** The reasons that make sense for a target, in the order people see them. */
export function reportReasonsFor(targetType: ReportTargetType): readonly ReportReason[] {
  switch (targetType) {
    case 'photo':
      return ['child-face', 'spam-or-abuse', 'wrong-information', 'other'];
    case 'comment':
      return ['spam-or-abuse', 'wrong-information', 'child-face', 'other'];
    case 'location':
      return ['closed-or-unsafe', 'wrong-information', 'spam-or-abuse', 'other'];
    default:
      return exhaustiveSwitchError(targetType, 'report target type');
  }
}

export const REPORT_DECISIONS = ['hide', 'delete', 'dismiss'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/**
 * What a moderator may decide about a reported target. Hiding keeps a photo or comment out
 * of sight without deleting it; a place is deleted or left as it is.
 */
export function reportDecisionsFor(targetType: ReportTargetType): readonly ReportDecision[] {
  switch (targetType) {
    case 'photo':
    case 'comment':
      return ['hide', 'delete', 'dismiss'];
    case 'location':
      return ['delete', 'dismiss'];
    default:
      return exhaustiveSwitchError(targetType, 'report target type');
  }
}

/** Whether a target stays hidden after a decision (a deleted one is gone either way). */
export function hiddenAfterDecision(decision: ReportDecision): boolean {
  switch (decision) {
    case 'hide':
    case 'delete':
      return true;
    case 'dismiss':
      return false;
    default:
      return exhaustiveSwitchError(decision, 'report decision');
  }
}
