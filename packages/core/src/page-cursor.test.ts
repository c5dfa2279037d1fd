import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor, MAX_PAGE_OFFSET } from './page-cursor.ts';

const cursorOf = (json: string) => btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

describe('page cursors', () => {
  it('read back every offset the server writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAGE_OFFSET }), (offset) => {
        expect(decodePageCursor(encodePageCursor(offset))).toBe(offset);
      }),
    );
  });

  it('are the base64url of {"offset":n} (cursors from before stay valid)', () => {
    expect(encodePageCursor(50)).toBe(Buffer.from('{"offset":50}').toString('base64url'));
  });

  it.each([
    ['offset 1e300', cursorOf('{"offset":1e300}')],
    ['offset 2^63', cursorOf('{"offset":9223372036854775808}')],
    ['offset beyond the bound', cursorOf(`{"offset":${MAX_PAGE_OFFSET + 1}}`)],
    ['offset -1', cursorOf('{"offset":-1}')],
    ['offset 1.5', cursorOf('{"offset":1.5}')],
    ['offset as text', cursorOf('{"offset":"10"}')],
    ['no offset', cursorOf('{}')],
    ['null', cursorOf('null')],
    ['an array', cursorOf('[10]')],
    ['not JSON', cursorOf('offset=10')],
    ['not base64url', '!!'],
    ['empty', ''],
    ['too long', 'A'.repeat(201)],
  ])('refuse a forged cursor: %s', (_label, cursor) => {
    expect(decodePageCursor(cursor)).toBeNull();
  });

  it('never throw, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const offset = decodePageCursor(text);
        if (offset !== null) expect(offset).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
