import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addUpAwards,
  awardPoints,
  deductPoints,
  levelForPoints,
  levelProgress,
  levelThreshold,
  pointsForAction,
  pointsForComment,
  pointsToNextLevel,
} from './points.ts';
import type { PointsAction } from './constants.ts';

const points = fc.integer({ min: 0, max: 1_000_000_000 });

describe('levelForPoints', () => {
  it.each([
    [0, 1],
    [1, 1],
    [99, 1],
    [100, 2],
    [299, 2],
    [300, 3],
    [599, 3],
    [600, 4],
    [999, 4],
    [1000, 5],
    [4500, 10],
    [4499, 9],
  ])('%i points → level %i', (value, level) => {
    expect(levelForPoints(value)).toBe(level);
  });

  it('matches the threshold definition: levelThreshold(level) <= points < levelThreshold(level + 1)', () => {
    fc.assert(
      fc.property(points, (p) => {
        const level = levelForPoints(p);
        expect(levelThreshold(level)).toBeLessThanOrEqual(p);
        expect(levelThreshold(level + 1)).toBeGreaterThan(p);
      }),
    );
  });

  it('is monotonic non-decreasing in points', () => {
    fc.assert(
      fc.property(points, points, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(levelForPoints(low)).toBeLessThanOrEqual(levelForPoints(high));
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (value) => {
    expect(() => levelForPoints(value)).toThrow(RangeError);
  });
});

describe('levelThreshold', () => {
  it.each([
    [1, 0],
    [2, 100],
    [3, 300],
    [4, 600],
  ])('level %i is reached at %i points', (level, threshold) => {
    expect(levelThreshold(level)).toBe(threshold);
  });

  it.each([0, -1, 1.5])('rejects level %d', (level) => {
    expect(() => levelThreshold(level)).toThrow(RangeError);
  });
});

describe('pointsToNextLevel', () => {
  it.each([
    [0, 100],
    [50, 50],
    [100, 200],
    [250, 50],
    [300, 300],
    [600, 400],
  ])('at %i points, %i more are needed', (value, needed) => {
    expect(pointsToNextLevel(value)).toBe(needed);
  });

  it('is always positive and lands exactly on the next level', () => {
    fc.assert(
      fc.property(points, (p) => {
        const needed = pointsToNextLevel(p);
        expect(needed).toBeGreaterThan(0);
        expect(levelForPoints(p + needed)).toBe(levelForPoints(p) + 1);
        expect(levelForPoints(p + needed - 1)).toBe(levelForPoints(p));
      }),
    );
  });
});

describe('levelProgress', () => {
  it.each([
    [0, 0],
    [50, 0.5],
    [100, 0],
    [200, 0.5],
    [450, 0.5],
  ])('at %i points the bar is at %d', (value, progress) => {
    expect(levelProgress(value)).toBeCloseTo(progress, 12);
  });

  it('stays within [0, 1)', () => {
    fc.assert(
      fc.property(points, (p) => {
        const progress = levelProgress(p);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThan(1);
      }),
    );
  });
});

describe('awardPoints', () => {
  it.each([
    [{ points: 0, level: 1 }, 100, { points: 100, level: 2, leveledUp: true }],
    [{ points: 0, level: 1 }, 99, { points: 99, level: 1, leveledUp: false }],
    [{ points: 250, level: 2 }, 100, { points: 350, level: 3, leveledUp: true }],
    [{ points: 0, level: 1 }, 700, { points: 700, level: 4, leveledUp: true }],
    [{ points: 120, level: 2 }, 0, { points: 120, level: 2, leveledUp: false }],
  ])('%o + %i → %o', (current, delta, expected) => {
    expect(awardPoints(current, delta)).toEqual(expected);
  });

  it('recomputes a stale stored level from the points', () => {
    expect(awardPoints({ points: 650, level: 1 }, 0)).toEqual({ points: 650, level: 4, leveledUp: true });
  });

  it.each([-1, 2.5, Number.NaN])('rejects a delta of %d', (delta) => {
    expect(() => awardPoints({ points: 0, level: 1 }, delta)).toThrow(RangeError);
  });
});

describe('deductPoints', () => {
  it.each([
    [{ points: 350, level: 3 }, 100, { points: 250, level: 2, leveledUp: false }],
    [{ points: 100, level: 2 }, 500, { points: 0, level: 1, leveledUp: false }],
    [{ points: 0, level: 1 }, 100, { points: 0, level: 1, leveledUp: false }],
  ])('%o − %i → %o', (current, delta, expected) => {
    expect(deductPoints(current, delta)).toEqual(expected);
  });

  it.each([-100, 0.5])('rejects a delta of %d', (delta) => {
    expect(() => deductPoints({ points: 100, level: 2 }, delta)).toThrow(RangeError);
  });

  it('never goes below 0 and keeps the level consistent', () => {
    fc.assert(
      fc.property(points, points, (start, delta) => {
        const result = deductPoints({ points: start, level: levelForPoints(start) }, delta);
        expect(result.points).toBe(Math.max(0, start - delta));
        expect(result.level).toBe(levelForPoints(result.points));
        expect(result.leveledUp).toBe(false);
      }),
    );
  });
});

describe('pointsForAction', () => {
  it.each<[PointsAction, number]>([
    ['addLocation', 100],
    ['locationImage', 100],
    ['locationDescription', 100],
    ['comment', 100],
    ['commentImage', 100],
  ])('%s earns %i', (action, value) => {
    expect(pointsForAction(action)).toBe(value);
  });
});

describe('a comment with a photo (issue 45)', () => {
  it.each([
    [false, 100],
    [true, 200],
  ])('with a photo: %s → %i points', (withPhoto, earned) => {
    expect(pointsForComment(withPhoto)).toBe(earned);
  });

  const award = (before: number, change: number) => {
    const after = awardPoints({ points: before, level: levelForPoints(before) }, change);
    return { change, points: after.points, level: after.level, leveledUp: after.leveledUp };
  };

  it.each([
    // before, text then photo → change, total, level, level-up
    [20, 100, 100, 200, 220, 2, true],
    [0, 100, 100, 200, 200, 2, true],
    [150, 100, 100, 200, 350, 3, true],
    [120, 100, 100, 200, 320, 3, true],
    [300, 100, 100, 200, 500, 3, false],
    [580, 10, 10, 20, 600, 4, true],
    [40, 10, 10, 20, 60, 1, false],
  ])(
    '%i points, +%i then +%i → %i, %i in total, level %i, level-up %s',
    (before, first, second, change, total, level, up) => {
      const one = award(before, first);
      const two = award(one.points, second);
      expect(addUpAwards(one, two)).toEqual({ change, points: total, level, leveledUp: up });
    },
  );

  it('tells the comment alone when the photo earned nothing (it failed)', () => {
    const one = award(20, 100);
    expect(addUpAwards(null, one)).toEqual(one);
  });

  it('is not a level-up when a loss in between took the level back', () => {
    const up = award(90, 10);
    const down = { change: -100, points: 0, level: 1, leveledUp: false };
    expect(addUpAwards(up, down)).toEqual({ change: -90, points: 0, level: 1, leveledUp: false });
  });
});
