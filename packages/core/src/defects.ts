/**
 * Broken equipment that reaches the people who fix it (issue 48). A "broken" report at a place
 * inside a maintenance area becomes a **defect** — sent once to the area's maintainer (e-mail
 * or Open311) — when it is confirmed: by a second parent, or by one visit-verified parent with
 * a photo. One defect per place and piece of equipment while it is open, however many parents
 * report it. A maintainer's "fixed" ends it; parents saying it is broken again within
 * FIX_CONTRADICTION_HOURS reopen it.
 */
import type { Equipment } from './conditions.ts';
import { MS_PER_HOUR } from './time.ts';

/** A "fixed" that a parent contradicts within this many hours reopens the defect. */
export const FIX_CONTRADICTION_HOURS = 48;

/** A photo a parent uploaded of the place this long before their report (or since) backs it. */
export const DEFECT_PHOTO_WINDOW_MS = MS_PER_HOUR;

/** One parent who said the equipment is broken, as the sending rule sees them. */
export interface DefectBacker {
  /** Their report or confirmation rests on a visit to the place (core isVerifiedBy). */
  readonly verified: boolean;
  /** They uploaded a photo of the place around their report (DEFECT_PHOTO_WINDOW_MS). */
  readonly withPhoto: boolean;
}

/** Whether parents have confirmed a broken report enough to send it to a maintainer. */
export function isDefectConfirmed(backers: readonly DefectBacker[]): boolean {
  return backers.length >= 2 || backers.some((backer) => backer.verified && backer.withPhoto);
}

/** What a place's broken-equipment report means for its maintainer, after each report or confirmation. */
export type DefectDecision =
  /** The place is in no maintenance area: nothing is sent (the behaviour before issue 48). */
  | 'no_area'
  /** Already sent for this place and equipment, and not fixed yet: not sent again. */
  | 'already_open'
  /** Fixed less than FIX_CONTRADICTION_HOURS ago and reported broken again: reopened. */
  | 'reopen'
  /** Confirmed now: one defect is made and sent. */
  | 'send'
  /** Not confirmed enough yet. */
  | 'wait';

export interface DefectSituation {
  readonly inArea: boolean;
  /** An open (unresolved) defect of this place and equipment exists. */
  readonly openDefect: boolean;
  /** When a maintainer last said this place's equipment was fixed; null when never. */
  readonly lastFixedAt: Date | null;
  readonly backers: readonly DefectBacker[];
  readonly now: Date;
}

export function decideDefect(situation: DefectSituation): DefectDecision {
  if (!situation.inArea) return 'no_area';
  if (situation.openDefect) return 'already_open';
  if (situation.lastFixedAt !== null && contradictsFix(situation.lastFixedAt, situation.now)) return 'reopen';
  return isDefectConfirmed(situation.backers) ? 'send' : 'wait';
}

/** Whether a broken report at `reportedAt` contradicts a "fixed" given at `fixedAt`. */
export function contradictsFix(fixedAt: Date, reportedAt: Date): boolean {
  const after = reportedAt.getTime() - fixedAt.getTime();
  return after >= 0 && after < FIX_CONTRADICTION_HOURS * MS_PER_HOUR;
}

/** The equipment as a council's ticket reads it ("climbing frame"). */
export function equipmentWords(equipment: Equipment): string {
  return equipment.replaceAll('_', ' ');
}

/** A fix stays on the place's page this many days ("Fixed on <date> by <area name>"). */
export const FIX_SHOWN_DAYS = 14;
