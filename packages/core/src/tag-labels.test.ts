import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOWN_TAG_KEYS, KNOWN_TAGS, knownTagKey } from './tag-labels.ts';

describe('knownTagKey', () => {
  it.each([
    ['Swings', 'swings'],
    ['swings', 'swings'],
    ['  Picnic tables ', 'picnic_tables'],
    ['wheelchair accessible', 'wheelchair_accessible'],
    ['Wheelchair  Accessible', 'wheelchair_accessible'],
    ['Dog free', 'dog_free'],
    ['Grandma’s favourite', null],
    ['Swings!', null],
  ])('%j → %j', (tag, key) => {
    expect(knownTagKey(tag)).toBe(key);
  });

  it('finds every known tag in any case, and gives keys only from the known list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KNOWN_TAGS),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (tag, upper) => {
          // Known tags are ASCII: letter by letter.
          const cased = tag.replace(/[a-z]/giu, (char: string, offset: number) =>
            upper[offset] ? char.toUpperCase() : char.toLowerCase(),
          );
          expect(knownTagKey(cased)).toBe(knownTagKey(tag));
          expect(KNOWN_TAG_KEYS).toContain(knownTagKey(cased));
        },
      ),
    );
  });
});
