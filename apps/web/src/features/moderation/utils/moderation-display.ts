/** Words for removal requests and decisions, shared by the queue, the log and the requester's list. */
import type { ModerationDecision, RemovalRequestStatus } from '@playspot/core';

const dateTimeFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatWhen(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
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

export const DECISION_VERBS: Record<ModerationDecision, string> = {
  approve: 'approved',
  reject: 'declined',
};
