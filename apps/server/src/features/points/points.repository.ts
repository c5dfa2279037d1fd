import { awardPoints, deductPoints, type PointsAward } from '@playspot/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Adds (positive) or removes (negative) points inside the caller's transaction, recomputing
 * the level with the core rules. The user row is locked so concurrent awards add up.
 */
export async function changePoints(tx: Database, userId: string, change: number): Promise<PointsAward> {
  const [current] = await tx
    .select({ points: users.points, level: users.level })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
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
