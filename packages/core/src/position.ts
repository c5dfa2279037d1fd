/**
 * The person's position as the app keeps it between visits: a device reading or a spot set
 * by hand, when it was taken, and how to say so. A returning parent opens where they were
 * (never on a default city far away), and is told when that position is old or set by hand.
 */
import { exhaustiveSwitchError } from './assert.ts';
import { POSITION_FRESH_MINUTES } from './constants.ts';
import { isValidLatLng, type LatLng } from './geo.ts';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './time.ts';

export const POSITION_SOURCES = ['device', 'manual'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/** Where the person is (or was), with where that came from and when. */
export interface KnownPosition extends LatLng {
  readonly source: PositionSource;
  /** Metres, as the device reported it; null when set by hand. */
  readonly accuracyM: number | null;
  /** When it was read or set (ISO 8601). */
  readonly readAt: string;
}

/** How a position may be trusted: just read, an older reading, or a spot set by hand. */
export type PositionKind = 'current' | 'old' | 'manual';

/**
 * 'manual' for a spot set by hand (however recent: the person chose it), 'old' for a device
 * reading older than POSITION_FRESH_MINUTES (or with an unreadable time), else 'current'.
 */
export function positionKind(position: KnownPosition, now: Date): PositionKind {
  if (position.source === 'manual') return 'manual';
  const readAtMs = Date.parse(position.readAt);
  if (!Number.isFinite(readAtMs)) return 'old';
  return now.getTime() - readAtMs > POSITION_FRESH_MINUTES * MS_PER_MINUTE ? 'old' : 'current';
}

/** 'just now', '25 minutes ago', '3 hours ago', 'yesterday', '4 days ago' (never negative). */
export function describeAge(readAt: string, now: Date): string {
  const ageMs = Math.max(0, now.getTime() - Date.parse(readAt));
  if (!Number.isFinite(ageMs) || ageMs < 2 * MS_PER_MINUTE) return 'just now';
  if (ageMs < MS_PER_HOUR) return `${Math.floor(ageMs / MS_PER_MINUTE)} minutes ago`;
  if (ageMs < 2 * MS_PER_HOUR) return 'an hour ago';
  if (ageMs < MS_PER_DAY) return `${Math.floor(ageMs / MS_PER_HOUR)} hours ago`;
  if (ageMs < 2 * MS_PER_DAY) return 'yesterday';
  return `${Math.floor(ageMs / MS_PER_DAY)} days ago`;
}

/**
 * A sentence saying what the app measures from, or null when it is a current reading (then
 * nothing needs saying): 'Using where you were 3 hours ago.' / 'Using the spot you set by hand.'
 */
export function describePositionKind(position: KnownPosition, now: Date): string | null {
  const kind = positionKind(position, now);
  switch (kind) {
    case 'current':
      return null;
    case 'old':
      return `Using where you were ${describeAge(position.readAt, now)}.`;
    case 'manual':
      return 'Using the spot you set by hand.';
    default:
      return exhaustiveSwitchError(kind, 'position kind');
  }
}

/** True for a stored position worth using: valid coordinates and a readable time. */
export function isUsablePosition(position: KnownPosition): boolean {
  return isValidLatLng(position) && Number.isFinite(Date.parse(position.readAt));
}

/**
 * What is left of the person's position once the device refuses to tell it (permission
 * denied): a spot set by hand stays, as it needs no permission; a device reading goes, however
 * recent, so that no distance is measured from where they were before.
 */
export function positionAfterDenial<P extends Pick<KnownPosition, 'source'>>(position: P | null): P | null {
  return position?.source === 'manual' ? position : null;
}
