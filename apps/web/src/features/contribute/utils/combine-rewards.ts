/**
 * Adding a place with photos earns points several times in a row; the person hears about it
 * once: the total change, where they ended up, and whether any step raised their level.
 */
import type { PointsAward } from '@playspot/core';

export function combineRewards(rewards: readonly PointsAward[]): PointsAward | null {
  const last = rewards.at(-1);
  if (!last) return null;
  return {
    change: rewards.reduce((sum, reward) => sum + reward.change, 0),
    points: last.points,
    level: last.level,
    leveledUp: rewards.some((reward) => reward.leveledUp),
  };
}
