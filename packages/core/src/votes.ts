/**
 * Place votes (spec §4). A user has no vote, an up vote or a down vote on a place;
 * the place keeps the two counts. Transitions are pure: old counts in, new counts out.
 */
import { assertNonNegativeInteger } from './assert.ts';

export const VOTE_VALUES = ['up', 'down'] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export interface VoteCounts {
  readonly up: number;
  readonly down: number;
}

export const EMPTY_VOTE_COUNTS: VoteCounts = { up: 0, down: 0 };

export interface PlaceVoteResult {
  readonly counts: VoteCounts;
  /** The user's vote after the transition. */
  readonly vote: VoteValue;
  /** False when the vote repeated the previous one and nothing changed. */
  readonly changed: boolean;
}

function assertCounts(counts: VoteCounts): void {
  assertNonNegativeInteger(counts.up, 'up count');
  assertNonNegativeInteger(counts.down, 'down count');
}

/** Counts with `delta` added to one side, never below zero. */
export function adjustVoteCount(counts: VoteCounts, side: VoteValue, delta: number): VoteCounts {
  const next = Math.max(0, counts[side] + delta);
  return side === 'up' ? { up: next, down: counts.down } : { up: counts.up, down: next };
}

/**
 * Applies a user's location vote.
 * - Repeating the same vote does nothing.
 * - Switching moves one count from the old side to the new one.
 * - A first vote adds one.
 */
export function applyPlaceVote(
  counts: VoteCounts,
  previous: VoteValue | null,
  next: VoteValue,
): PlaceVoteResult {
  assertCounts(counts);
  if (previous === next) return { counts: { up: counts.up, down: counts.down }, vote: next, changed: false };
  const withoutOld = previous === null ? counts : adjustVoteCount(counts, previous, -1);
  return { counts: adjustVoteCount(withoutOld, next, 1), vote: next, changed: true };
}

/** The spec's vote score of a place: its up count. */
export function voteScore(votes: Partial<VoteCounts> | null | undefined): number {
  return votes?.up ?? 0;
}
