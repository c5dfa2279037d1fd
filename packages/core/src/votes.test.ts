import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPlaceVote, voteScore, type VoteCounts, type VoteValue } from './votes.ts';

describe('applyPlaceVote', () => {
  it.each<[string, VoteCounts, VoteValue | null, VoteValue, VoteCounts, boolean]>([
    ['first up vote adds one', { up: 0, down: 0 }, null, 'up', { up: 1, down: 0 }, true],
    ['first down vote adds one', { up: 3, down: 2 }, null, 'down', { up: 3, down: 3 }, true],
    ['repeating up does nothing', { up: 4, down: 1 }, 'up', 'up', { up: 4, down: 1 }, false],
    ['repeating down does nothing', { up: 4, down: 1 }, 'down', 'down', { up: 4, down: 1 }, false],
    ['switching up → down moves one count', { up: 4, down: 1 }, 'up', 'down', { up: 3, down: 2 }, true],
    ['switching down → up moves one count', { up: 4, down: 1 }, 'down', 'up', { up: 5, down: 0 }, true],
    ['a switch never drives a count below 0', { up: 0, down: 0 }, 'up', 'down', { up: 0, down: 1 }, true],
  ])('%s', (_name, counts, previous, next, expected, changed) => {
    const result = applyPlaceVote(counts, previous, next);
    expect(result).toEqual({ counts: expected, vote: next, changed });
  });

  it('does not mutate its input', () => {
    const counts = { up: 1, down: 1 };
    applyPlaceVote(counts, 'up', 'down');
    expect(counts).toEqual({ up: 1, down: 1 });
  });

  it.each([[{ up: -1, down: 0 }], [{ up: 0, down: 1.5 }], [{ up: Number.NaN, down: 0 }]])(
    'rejects invalid counts %o',
    (counts) => {
      expect(() => applyPlaceVote(counts, null, 'up')).toThrow(RangeError);
    },
  );

  it('keeps the counts equal to the number of users voting each way, for any sequence of votes', () => {
    const votes = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom<VoteValue>('up', 'down')),
      {
        maxLength: 200,
      },
    );
    fc.assert(
      fc.property(votes, (sequence) => {
        const voters = new Map<number, VoteValue>();
        let counts: VoteCounts = { up: 0, down: 0 };
        for (const [user, vote] of sequence) {
          const result = applyPlaceVote(counts, voters.get(user) ?? null, vote);
          counts = result.counts;
          voters.set(user, result.vote);
        }
        const values = [...voters.values()];
        expect(counts).toEqual({
          up: values.filter((v) => v === 'up').length,
          down: values.filter((v) => v === 'down').length,
        });
      }),
    );
  });
});

describe('voteScore', () => {
  it.each([
    [{ up: 7, down: 3 }, 7],
    [{ down: 3 }, 0],
    [null, 0],
    [undefined, 0],
  ])('of %o is %i (the up count, default 0)', (votes, expected) => {
    expect(voteScore(votes)).toBe(expected);
  });
});
