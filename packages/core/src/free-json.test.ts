import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeJsonIssue, type FreeJsonLimits } from './free-json.ts';

const limits: FreeJsonLimits = { maxDepth: 3, maxValues: 20, maxTextLength: 50 };

/** `depth` arrays inside each other, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('freeJsonIssue', () => {
  it.each<[string, unknown]>([
    ['a string', 'code'],
    ['a number', -1.5],
    ['null', null],
    ['a flat object', { code: 'SAVE10', tiers: 2 }],
    ['three levels', { a: { b: [1] } }],
    ['an empty object', {}],
  ])('accepts %s', (_label, value) => {
    expect(freeJsonIssue(value, limits)).toBeNull();
  });

  it.each<[string, unknown, (string | number)[], RegExp]>([
    ['four levels', { a: { b: [[1]] } }, ['a', 'b', 0], /at most 3 levels/],
    ['NUL in a string', { a: ['ok', 'a\u0000b'] }, ['a', 1], /NUL/],
    ['a lone surrogate in a key', { '\uD800': 1 }, ['\uD800'], /NUL/],
    ['too many values', Array.from({ length: 30 }, () => 0), [], /at most 20/],
    ['too much text', { a: 'ok', b: 'x'.repeat(60) }, ['b'], /at most 50 characters/],
    ['Infinity', { a: Infinity }, ['a'], /finite/],
    ['NaN', [Number.NaN], [0], /finite/],
    ['a date', { at: new Date(0) }, ['at'], /JSON/],
    ['a function', { run: () => 1 }, ['run'], /JSON/],
  ])('refuses %s, naming where', (_label, value, path, message) => {
    const issue = freeJsonIssue(value, limits);
    expect(issue?.path).toEqual(path);
    expect(issue?.message).toMatch(message);
  });

  it('stops early on nesting far deeper than the stack would take', () => {
    expect(
      freeJsonIssue(nested(100_000), { maxDepth: 8, maxValues: 1000, maxTextLength: 1000 }),
    ).toMatchObject({
      message: expect.stringMatching(/levels/) as unknown,
    });
  });

  it('accepts any JSON within the limits and never throws on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const generous: FreeJsonLimits = { maxDepth: 10, maxValues: 100_000, maxTextLength: 1_000_000 };
        const text = JSON.stringify(value);
        const storable = !text.includes('\\u0000') && !/\\ud[89a-f]/i.test(text);
        const issue = freeJsonIssue(value, generous);
        if (storable) expect(issue).toBeNull();
        expect(() => freeJsonIssue(value, limits)).not.toThrow();
      }),
    );
  });
});
