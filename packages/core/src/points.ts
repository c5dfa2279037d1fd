/**
 * Points and levels (spec §4, §9). Level n is reached at 50·(n−1)·n points, so level 1 at
 * 0, level 2 at 100, level 3 at 300, level 4 at 600. The spec words the same thresholds as
 * "points needed for the next level = level·(level+1)·100/2 − points".
 */
import { assertNonNegativeInteger } from './assert.ts';
import { INITIAL_USER_LEVEL, LEVEL_POINTS_STEP, POINTS_PER_ACTION, type PointsAction } from './constants.ts';

export interface PointsAndLevel {
  readonly points: number;
  readonly level: number;
}

export interface PointsChange extends PointsAndLevel {
  /** True when the new level is above the old one. */
  readonly leveledUp: boolean;
}

/** The fewest points at which `level` is reached. */
export function levelThreshold(level: number): number {
  if (!Number.isSafeInteger(level) || level < INITIAL_USER_LEVEL) {
    throw new RangeError(`level must be an integer >= ${INITIAL_USER_LEVEL}, got ${String(level)}`);
  }
  return (LEVEL_POINTS_STEP * (level - 1) * level) / 2;
}

/** The level a user with `points` points has: the highest level whose threshold is reached. */
export function levelForPoints(points: number): number {
  assertNonNegativeInteger(points, 'points');
  // Solve 50·n·(n−1) <= points for the largest n, then correct for floating-point error.
  let level = Math.max(
    INITIAL_USER_LEVEL,
    Math.floor((1 + Math.sqrt(1 + (8 * points) / LEVEL_POINTS_STEP)) / 2),
  );
  while (level > INITIAL_USER_LEVEL && levelThreshold(level) > points) level -= 1;
  while (levelThreshold(level + 1) <= points) level += 1;
  return level;
}

/** Points still needed to reach the next level; always at least 1. */
export function pointsToNextLevel(points: number): number {
  const level = levelForPoints(points);
  return (level * (level + 1) * LEVEL_POINTS_STEP) / 2 - points;
}

/** How far a user is through the current level, from 0 (just reached) towards 1. */
export function levelProgress(points: number): number {
  const level = levelForPoints(points);
  const start = levelThreshold(level);
  return (points - start) / (levelThreshold(level + 1) - start);
}

/** Adds points and recomputes the level. */
export function awardPoints(current: PointsAndLevel, delta: number): PointsChange {
  assertNonNegativeInteger(current.points, 'points');
  assertNonNegativeInteger(delta, 'points to award');
  const points = current.points + delta;
  assertNonNegativeInteger(points, 'points');
  const level = levelForPoints(points);
  return { points, level, leveledUp: level > current.level };
}

/** Removes points, never below zero, and recomputes the level. */
export function deductPoints(current: PointsAndLevel, delta: number): PointsChange {
  assertNonNegativeInteger(current.points, 'points');
  assertNonNegativeInteger(delta, 'points to deduct');
  const points = Math.max(0, current.points - delta);
  return { points, level: levelForPoints(points), leveledUp: false };
}

/** Points a contribution earns. */
export function pointsForAction(action: PointsAction): number {
  return POINTS_PER_ACTION[action];
}

/** What a comment earns (issue 45): its text, and its photo when it has one (100 + 100). */
export function pointsForComment(withPhoto: boolean): number {
  return pointsForAction('comment') + (withPhoto ? pointsForAction('commentImage') : 0);
}

/** One award as the app tells it (the API's `reward`): the change, the total after it, the level. */
export interface Award {
  readonly change: number;
  readonly points: number;
  readonly level: number;
  readonly leveledUp: boolean;
}

/**
 * Two awards in a row told as one (issue 45): the changes added up, the total and level after
 * the later one, and a level-up when either went up a level. A comment with a photo is two
 * writes (+100, then +100): told as one they say "+200 points · 220 in total" and, if the
 * first crossed a level, the new level with that same total, never 120 beside 220.
 */
export function addUpAwards(earlier: Award | null, later: Award): Award {
  if (earlier === null) return later;
  return {
    change: earlier.change + later.change,
    points: later.points,
    level: later.level,
    // Above the level held before the earlier award (a loss in between can undo a level-up).
    leveledUp: later.level > levelForPoints(Math.max(0, earlier.points - earlier.change)),
  };
}
