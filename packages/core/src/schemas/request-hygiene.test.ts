/** Every string a request schema reads refuses NUL and lone surrogates; free JSON and cursors are bounded. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { encodePageCursor, MAX_PAGE_OFFSET } from '../page-cursor.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../text.ts';
import { analyticsBatchSchema } from './analytics.ts';
import { nativeSignInSchema, userNameQuerySchema, webSignInStartQuerySchema } from './auth.ts';
import { createCommentSchema } from './comment.ts';
import { createDealSchema, updateDealSchema } from './deal.ts';
import { createEventSchema } from './event.ts';
import { createPlaceSchema, findPlacesQuerySchema, searchQuerySchema, tagVoteSchema } from './place.ts';
import { moderationDecisionSchema } from './moderation.ts';
import { createRemovalRequestSchema } from './removal-request.ts';
import { updateUserNameSchema } from './user.ts';

const uuid = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';
const at = '2026-04-05T02:30:00.000Z';
const place = { name: 'Park', latitude: -36.8, longitude: 174.7 };

/** Where the parse failed and why. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe.each([
  ['NUL', 'a\u0000b'],
  ['a lone high surrogate', 'Park \uD800'],
  ['a lone low surrogate', '\uDC00 Park'],
])('a string with %s', (_label, bad) => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['place name', createPlaceSchema, { ...place, name: bad }, 'name'],
    ['place description', createPlaceSchema, { ...place, description: bad }, 'description'],
    ['place website', createPlaceSchema, { ...place, officialWebsite: bad }, 'officialWebsite'],
    ['a tag', createPlaceSchema, { ...place, tags: ['shade', bad] }, 'tags.1'],
    ['tag vote', tagVoteSchema, { tag: bad, vote: 'up' }, 'tag'],
    ['comment', createCommentSchema, { text: bad }, 'text'],
    [
      'event title',
      createEventSchema,
      { locationId: uuid, title: bad, dayOfWeek: 'Monday', time: '10:00', repeatPattern: 'Week' },
      'title',
    ],
    ['deal title', createDealSchema, { title: bad }, 'title'],
    ['deal extra key', createDealSchema, { extra: { [bad]: 1 } }, 'extra'],
    ['deal extra value', updateDealSchema, { extra: { code: { nested: [bad] } } }, 'extra.code.nested.0'],
    ['removal reason', createRemovalRequestSchema, { locationId: uuid, reason: bad }, 'reason'],
    ['moderation note', moderationDecisionSchema, { decision: 'reject', note: bad }, 'note'],
    [
      'analytics parameter',
      analyticsBatchSchema,
      { events: [{ name: 'screen_view', params: { screen: bad }, at }] },
      'events.0.params.screen',
    ],
    [
      'analytics parameter name',
      analyticsBatchSchema,
      { events: [{ name: 'screen_view', params: { [bad]: 1 }, at }] },
      'events.0.params',
    ],
    ['search text', searchQuerySchema, { q: bad }, 'q'],
    ['user name', updateUserNameSchema, { userName: bad }, 'userName'],
    ['user name to check', userNameQuerySchema, { userName: bad }, 'userName'],
    ['sign-in return path', webSignInStartQuerySchema, { returnTo: `/${bad}` }, 'returnTo'],
    [
      'native sign-in name',
      nativeSignInSchema,
      { idToken: 'x'.repeat(30), nonce: 'n'.repeat(20), name: { givenName: bad } },
      'name.givenName',
    ],
  ])('is refused in the %s, naming the field', (_field, schema, input, path) => {
    const found = issues(schema, input);
    expect(found.some((issue) => issue.startsWith(path))).toBe(true);
    // Record keys are refused by zod as 'Invalid key in record', at the key's path.
    const genericMessage = [
      'userName',
      'tags.1',
      'tag',
      'officialWebsite',
      'returnTo',
      'extra',
      'events.0.params',
    ];
    if (!genericMessage.includes(path)) expect(found.join('\n')).toContain(UNSTORABLE_TEXT_MESSAGE);
  });
});

describe('free JSON in deal extra', () => {
  const deep = (depth: number) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level++) value = { a: value };
    return value;
  };

  it('keeps what the spec passes through', () => {
    const result = createDealSchema.parse({ extra: { code: 'SAVE10', tiers: [1, 2], terms: { minAge: 3 } } });
    expect(result.extra).toEqual({ code: 'SAVE10', tiers: [1, 2], terms: { minAge: 3 } });
  });

  it('refuses nesting deeper than 8 levels with extra itself, and 5 000 levels without a stack overflow', () => {
    expect(issues(createDealSchema, { extra: { x: deep(7) } })).toEqual([]);
    expect(issues(createDealSchema, { extra: { x: deep(8) } })).toEqual([
      expect.stringMatching(/^extra\.x(\.a){7}: Nested too deep/) as unknown,
    ]);
    expect(issues(createDealSchema, { extra: { x: deep(5000) } })).toHaveLength(1);
  });

  it('refuses values too large', () => {
    expect(issues(createDealSchema, { extra: { x: 'y'.repeat(5000) } })).toEqual([
      expect.stringMatching(/^extra\.x: Too much text/) as unknown,
    ]);
  });
});

describe('page cursors in GET /locations', () => {
  it('are read into the offset they carry', () => {
    expect(findPlacesQuerySchema.parse({ cursor: encodePageCursor(150) }).cursor).toBe(150);
    expect(findPlacesQuerySchema.parse({}).cursor).toBeUndefined();
  });

  it.each([
    ['offset 1e300', Buffer.from('{"offset":1e300}').toString('base64url')],
    ['offset 2^63', Buffer.from('{"offset":9223372036854775808}').toString('base64url')],
    ['offset past the bound', encodePageCursor(MAX_PAGE_OFFSET + 1)],
    ['not a cursor', 'abc'],
  ])('refuse %s, naming the cursor', (_label, cursor) => {
    expect(issues(findPlacesQuerySchema, { cursor })).toEqual([
      expect.stringMatching(/^cursor: Invalid cursor/) as unknown,
    ]);
  });
});
