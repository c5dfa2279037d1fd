/** Words for removal requests, reports and decisions, shared by the queues, the log and the requester's list. */
import {
  exhaustiveSwitchError,
  type AuditEntry,
  type AuditSubjectType,
  type ReportTargetType,
  type RemovalRequestStatus,
} from '@playspot/core';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';

/** '5 Mar 2027, 10:30 am' ('5. März 2027, 10:30' in German). */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(i18n.language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

export const STATUS_LABELS: Record<RemovalRequestStatus, string> = {
  pending: 'Waiting for a moderator',
  approved: 'Approved: removed',
  rejected: 'Declined',
};

export const STATUS_CLASSES: Record<RemovalRequestStatus, string> = {
  pending: 'bg-sun-100 text-sun-900',
  approved: 'bg-park-100 text-park-800',
  rejected: 'bg-gray-100 text-gray-800',
};

/** What was reported, as a noun: 'photo', 'comment', 'place'. */
export const REPORT_TARGET_NOUNS: Record<ReportTargetType, string> = {
  photo: 'photo',
  comment: 'comment',
  location: 'place',
};

/** What an audit entry was about, before its subject (a place's or a person's name). */
const AUDIT_SUBJECTS: Record<AuditSubjectType, string> = {
  location: 'the place',
  account: 'the account',
  photo: 'the photo at',
  comment: 'the comment at',
};

/**
 * One audit entry as a sentence after the moderator's name, split so the verb can be
 * emphasised: 'approved' + 'removing the place', 'deleted' + 'the photo at', 'dismissed' +
 * 'the reports on the comment at'; the subject (a place's name or a user name) follows.
 */
export function auditSentence(entry: Pick<AuditEntry, 'decision' | 'requestType'>): {
  verb: string;
  object: string;
} {
  const what = AUDIT_SUBJECTS[entry.requestType];
  switch (entry.decision) {
    case 'approve':
      return { verb: 'approved', object: `removing ${what}` };
    case 'reject':
      return { verb: 'declined', object: `removing ${what}` };
    case 'hide':
      return { verb: 'hid', object: what };
    case 'delete':
      return { verb: 'deleted', object: what };
    case 'dismiss':
      return { verb: 'dismissed', object: `the reports on ${what}` };
    default:
      return exhaustiveSwitchError(entry.decision, 'audit decision');
  }
}
