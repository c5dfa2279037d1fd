import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TAGS, TAG_MAX_LENGTH } from './constants.ts';
import { applyTagVote, initialTagVotes, normalizeTags, tagKey } from './tag-votes.ts';
import type { VoteCounts, VoteValue } from './votes.ts';

describe('applyTagVote', () => {
  it.each<[string, VoteCounts, VoteValue | null, VoteValue, VoteCounts, VoteValue | null]>([
    ['first up vote adds one', { up: 1, down: 0 }, null, 'up', { up: 2, down: 0 }, 'up'],
    ['first down vote adds one', { up: 1, down: 0 }, null, 'down', { up: 1, down: 1 }, 'down'],
    ['repeating up withdraws it', { up: 2, down: 0 }, 'up', 'up', { up: 1, down: 0 }, null],
    ['repeating down withdraws it', { up: 2, down: 3 }, 'down', 'down', { up: 2, down: 2 }, null],
    [
      'up → down removes the old then adds the new',
      { up: 2, down: 3 },
      'up',
      'down',
      { up: 1, down: 4 },
      'down',
    ],
    [
      'down → up removes the old then adds the new',
      { up: 2, down: 3 },
      'down',
      'up',
      { up: 3, down: 2 },
      'up',
    ],
    ['withdrawing never goes below 0', { up: 0, down: 0 }, 'up', 'up', { up: 0, down: 0 }, null],
  ])('%s', (_name, counts, previous, next, expected, vote) => {
    expect(applyTagVote(counts, previous, next)).toEqual({ counts: expected, vote });
  });

  it('rejects negative counts', () => {
    expect(() => applyTagVote({ up: -1, down: 0 }, null, 'up')).toThrow(RangeError);
  });

  it('keeps the counts equal to the users currently voting each way, withdrawals included', () => {
    const votes = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom<VoteValue>('up', 'down')),
      {
        maxLength: 200,
      },
    );
    fc.assert(
      fc.property(votes, (sequence) => {
        // The creator's initial up vote is the starting state.
        const voters = new Map<number, VoteValue>([[-1, 'up']]);
        let counts: VoteCounts = { up: 1, down: 0 };
        for (const [user, vote] of sequence) {
          const result = applyTagVote(counts, voters.get(user) ?? null, vote);
          counts = result.counts;
          if (result.vote === null) voters.delete(user);
          else voters.set(user, result.vote);
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

describe('initialTagVotes', () => {
  it('gives every tag one up vote by the creator', () => {
    expect(initialTagVotes(['shade', 'toilets'], 'user-1')).toEqual({
      shade: { up: 1, down: 0, voters: { 'user-1': 'up' } },
      toilets: { up: 1, down: 0, voters: { 'user-1': 'up' } },
    });
  });

  it('normalises the tags first, so duplicates get one entry', () => {
    expect(Object.keys(initialTagVotes(['  Picnic   tables ', 'picnic tables', 'Shade'], 'u'))).toEqual([
      'Picnic tables',
      'Shade',
    ]);
  });

  it('is empty for no tags', () => {
    expect(initialTagVotes([], 'u')).toEqual({});
  });
});

describe('normalizeTags', () => {
  it.each<[string[], string[]]>([
    [['  shade  '], ['shade']],
    [['picnic \t  tables'], ['picnic tables']],
    [['Shade', 'shade', 'SHADE'], ['Shade']],
    [
      ['fenced', 'Toilets', 'toilets ', 'fenced'],
      ['fenced', 'Toilets'],
    ],
    [['Café', 'cafe\u0301'], ['Café']],
    [[], []],
  ])('%o → %o', (raw, expected) => {
    expect(normalizeTags(raw)).toEqual({ tags: expected, issues: [] });
  });

  it('reports blank and over-long tags with their index and leaves them out', () => {
    const long = 'x'.repeat(TAG_MAX_LENGTH + 1);
    const result = normalizeTags(['ok', '   ', long, 'x'.repeat(TAG_MAX_LENGTH)]);
    expect(result.tags).toEqual(['ok', 'x'.repeat(TAG_MAX_LENGTH)]);
    expect(result.issues.map((issue) => [issue.code, issue.index])).toEqual([
      ['tag_empty', 1],
      ['tag_too_long', 2],
    ]);
  });

  it(`allows ${MAX_TAGS} distinct tags but not more`, () => {
    const tags = Array.from({ length: MAX_TAGS }, (_, i) => `tag ${i}`);
    expect(normalizeTags(tags).issues).toEqual([]);
    expect(normalizeTags([...tags, 'TAG 0']).issues).toEqual([]);
    expect(normalizeTags([...tags, 'one more']).issues.map((issue) => issue.code)).toEqual(['too_many_tags']);
  });

  it('is idempotent and never keeps two tags with the same key', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 50 }), { maxLength: 30 }), (raw) => {
        const once = normalizeTags(raw).tags;
        expect(normalizeTags(once).tags).toEqual(once);
        expect(new Set(once.map(tagKey)).size).toBe(once.length);
        for (const tag of once) {
          expect(tag).toBe(tag.trim());
          expect(tag).not.toMatch(/\s{2}/u);
          expect(tag.length).toBeGreaterThan(0);
          expect(tag.length).toBeLessThanOrEqual(TAG_MAX_LENGTH);
        }
      }),
    );
  });
});
