/**
 * People's points and levels. No routes of their own: app.ts gives `changePoints` to the
 * services that award or take back points (lib/capabilities.ts ChangePoints).
 */
import { awardPoints, deductPoints, type PointsAward } from '@playspot/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Adds (positive) or removes (negative) points inside the caller's transaction, recomputing
 * the level with the core rules. The user row is locked so concurrent awards add up.
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: every insert that references the user (a
 * comment, a place, a photo) holds a KEY SHARE lock on this row through its foreign key, and
 * FOR UPDATE waits for those. Two parallel comments by one person then each held KEY SHARE
 * and waited for the other's: a deadlock on every double tap. NO KEY UPDATE does not conflict
 * with KEY SHARE, and callers change points last, after the place rows they lock, so every
 * transaction takes its locks in one order: places, then users.
 */
export async function changePoints(tx: Database, userId: string, change: number): Promise<PointsAward> {
  const [current] = await tx
    .select({ points: users.points, level: users.level })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!current) return { change: 0, points: 0, level: 1, leveledUp: false };
  const next = change >= 0 ? awardPoints(current, change) : deductPoints(current, -change);
  await tx
    .update(users)
    .set({ points: next.points, level: next.level, leveledUp: next.leveledUp })
    .where(eq(users.id, userId));
  return {
    change: next.points - current.points,
    points: next.points,
    level: next.level,
    leveledUp: next.leveledUp,
  };
}
