import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compareIdWords, idFromWords, slotsInIdOrder, writeIdWords } from './place-ids.ts';

it('orders slots by id as the comparator does, ties in a first word and equal ids included', () => {
  // First words from a small set: most slots share one with others, as uuids rarely do.
  const idWords = fc.tuple(
    fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xffffffff),
    fc.nat({ max: 3 }),
    fc.nat({ max: 3 }),
    fc.constantFrom(0, 0xffffffff),
  );
  fc.assert(
    fc.property(fc.array(idWords, { maxLength: 200 }), (ids) => {
      const words = Uint32Array.from(ids.flat());
      const expected = ids
        .map((_, slot) => slot)
        .sort((a, b) => compareIdWords(words, a * 4, words, b * 4) || a - b);
      expect([...slotsInIdOrder(words, ids.length)]).toEqual(expected);
    }),
    { numRuns: 300 },
  );
});

it('orders a uuid by its bytes, as PostgreSQL does', () => {
  const ids = [
    'ffffffff-0000-4000-8000-000000000000',
    '00000000-0000-4000-8000-000000000002',
    '80000000-0000-4000-8000-000000000000',
    '00000000-0000-4000-8000-000000000001',
  ];
  const words = new Uint32Array(ids.length * 4);
  ids.forEach((id, slot) => {
    writeIdWords(id, words, slot * 4);
  });
  const ordered = [...slotsInIdOrder(words, ids.length)].map((slot) => idFromWords(words, slot * 4));
  expect(ordered).toEqual([...ids].sort());
});
