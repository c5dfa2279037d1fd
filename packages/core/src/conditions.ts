/**
 * Live conditions (issue 19): what a place is like right now, reported with one tap by a
 * parent who is there. Each kind lives for its own time after the last parent said it was
 * true; "not any more" (or "fixed") from a parent there ends it at once. Busy and quiet
 * cannot both be true: reporting one ends the other.
 */
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './time.ts';

export interface ConditionDefinition {
  /** How long a report stays true after the last parent confirmed it. */
  readonly lifetimeMs: number;
  /** Reporting this kind ends an active report of these kinds at the place. */
  readonly ends: readonly ConditionKind[];
  /** Lasts until someone says it is fixed (or its lifetime passes): broken, closed. */
  readonly untilFixed: boolean;
}

export const CONDITION_KINDS = [
  'busy',
  'quiet',
  'wet',
  'icy',
  'too_hot',
  'closed',
  'broken',
  'ice_cream_van',
  'event',
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export const CONDITIONS: Readonly<Record<ConditionKind, ConditionDefinition>> = {
  busy: { lifetimeMs: 2 * MS_PER_HOUR, ends: ['quiet'], untilFixed: false },
  quiet: { lifetimeMs: 2 * MS_PER_HOUR, ends: ['busy'], untilFixed: false },
  wet: { lifetimeMs: 12 * MS_PER_HOUR, ends: [], untilFixed: false },
  icy: { lifetimeMs: 12 * MS_PER_HOUR, ends: [], untilFixed: false },
  // The midday sun on bare equipment: an afternoon, not a day.
  too_hot: { lifetimeMs: 3 * MS_PER_HOUR, ends: [], untilFixed: false },
  closed: { lifetimeMs: 14 * MS_PER_DAY, ends: [], untilFixed: true },
  broken: { lifetimeMs: 14 * MS_PER_DAY, ends: [], untilFixed: true },
  ice_cream_van: { lifetimeMs: MS_PER_HOUR, ends: [], untilFixed: false },
  event: { lifetimeMs: 3 * MS_PER_HOUR, ends: [], untilFixed: false },
};

/** What is broken, when a parent reports broken equipment (a council fixes by these). */
export const EQUIPMENT = [
  'swing',
  'slide',
  'climbing_frame',
  'seesaw',
  'roundabout',
  'spring_rider',
  'sandpit',
  'water_play',
  'gate_or_fence',
  'ground_surface',
  'other',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];

/** When a report last confirmed at `lastConfirmedAt` stops being shown. */
export function conditionExpiresAt(kind: ConditionKind, lastConfirmedAt: Date): Date {
  return new Date(lastConfirmedAt.getTime() + CONDITIONS[kind].lifetimeMs);
}

export interface ConditionReportState {
  readonly expiresAt: Date;
  readonly clearedAt: Date | null;
}

/** Whether a report is still shown at `now`: not cleared and not past its lifetime. */
export function isConditionActive(report: ConditionReportState, now: Date): boolean {
  return report.clearedAt === null && now.getTime() < report.expiresAt.getTime();
}

/** One active report at a place, as far as a new report needs to know. */
export interface ActiveCondition {
  readonly id: string;
  readonly kind: ConditionKind;
  readonly equipment: Equipment | null;
}

export type ConditionReportDecision =
  /** The same condition is already reported: the new report confirms it. */
  | { readonly action: 'confirm'; readonly reportId: string }
  /** A new report, ending the reports it contradicts (busy ends quiet). */
  | { readonly action: 'create'; readonly ends: readonly string[] };

/**
 * At least as many reports as a place can have active at once: decideReport keeps one per
 * kind other than broken, and one per piece of broken equipment. The map index keeps this many unended reports a
 * place (latest end first) and so holds every active one without reading the clock.
 */
export const MAX_ACTIVE_CONDITIONS = CONDITION_KINDS.length - 1 + EQUIPMENT.length;

/**
 * What a new report of `kind` does at a place with these active reports: one report per
 * condition (broken equipment: per piece of equipment), so a second parent's "wet" adds to
 * the first rather than listing wet twice.
 */
export function decideReport(
  active: readonly ActiveCondition[],
  kind: ConditionKind,
  equipment: Equipment | null,
): ConditionReportDecision {
  const same = active.find(
    (report) => report.kind === kind && (kind !== 'broken' || report.equipment === equipment),
  );
  if (same) return { action: 'confirm', reportId: same.id };
  const ended = CONDITIONS[kind].ends;
  return {
    action: 'create',
    ends: active.filter((report) => ended.includes(report.kind)).map((report) => report.id),
  };
}

/**
 * The end of the place's closure when a parent reported it closed for works (the latest
 * expiry of its active "closed" reports), or null when it is open as far as anyone said.
 */
export function closedUntil(
  reports: readonly (ConditionReportState & { readonly kind: ConditionKind })[],
  now: Date,
): Date | null {
  let until: Date | null = null;
  for (const report of reports) {
    if (report.kind !== 'closed' || !isConditionActive(report, now)) continue;
    if (until === null || report.expiresAt > until) until = report.expiresAt;
  }
  return until;
}

/**
 * The public `reportedAt` of a condition report is rounded down to this step (issue 30): to
 * the minute it would tell who was at the place when (the reporter's visit is logged then),
 * and five minutes is all a parent or a council needs.
 */
export const REPORTED_AT_STEP_MS = 5 * MS_PER_MINUTE;

/** `at` rounded down to the 5-minute step (never later than `at`, so never in the future). */
export function publicReportedAt(at: Date): Date {
  const ms = at.getTime();
  return new Date(ms - (((ms % REPORTED_AT_STEP_MS) + REPORTED_AT_STEP_MS) % REPORTED_AT_STEP_MS));
}

/**
 * The public end of a report, rounded up to the same step (issue 44): the exact end is the
 * last confirmation plus the kind's lifetime, so it would tell the minute a parent was there.
 * Rounded up, a report never looks over before it is.
 */
export function publicExpiresAt(at: Date): Date {
  const down = publicReportedAt(at);
  return down.getTime() === at.getTime() ? down : new Date(down.getTime() + REPORTED_AT_STEP_MS);
}

/**
 * Reporting, confirming or ending a condition is for people at the place (issue 30): a visit
 * they logged there (itself checked against the device's reading) within this window before.
 * Coordinates sent with the condition itself are not trusted: anyone can type a place's own.
 */
export const CONDITION_VISIT_WINDOW_MS = MS_PER_HOUR;

/**
 * How many reports one person may end ("not any more") in any 24 hours, moderators aside: a
 * parent ends a few a day at most; one account cannot empty the broken-equipment feed.
 */
export const CONDITION_ENDS_PER_DAY = 10;
export const CONDITION_ENDS_WINDOW_MS = MS_PER_DAY;

export type ConditionWrite = 'report' | 'still' | 'gone';

export type ConditionWriteCheck =
  { ok: true } | { ok: false; status: 403 | 429; code: 'visit_needed' | 'condition_quota'; message: string };

/**
 * Whether a person may report, confirm ("still") or end ("gone") a condition at a place:
 * `lastVisitAt` is their last logged visit there (null: never), `endsToday` how many reports
 * they ended in the last CONDITION_ENDS_WINDOW_MS. Moderators and admins may end any report
 * from anywhere; everything else needs a visit in the last hour (a visit logged a little
 * after `now`, by a server whose clock is ahead, counts).
 */
export function checkConditionWrite(input: {
  write: ConditionWrite;
  moderator: boolean;
  lastVisitAt: Date | null;
  endsToday: number;
  now: Date;
}): ConditionWriteCheck {
  const { write, moderator, lastVisitAt, endsToday, now } = input;
  if (write === 'gone' && moderator) return { ok: true };
  if (lastVisitAt === null || now.getTime() - lastVisitAt.getTime() >= CONDITION_VISIT_WINDOW_MS) {
    return {
      ok: false,
      status: 403,
      code: 'visit_needed',
      message: 'Only someone who logged a visit here in the last hour can say how it is.',
    };
  }
  if (write === 'gone' && endsToday >= CONDITION_ENDS_PER_DAY) {
    return {
      ok: false,
      status: 429,
      code: 'condition_quota',
      message: `You can say ${CONDITION_ENDS_PER_DAY} conditions are over in a day; please try again tomorrow.`,
    };
  }
  return { ok: true };
}
