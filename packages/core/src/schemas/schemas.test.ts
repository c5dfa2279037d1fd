import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makePlace } from '../../test/factories.ts';
import { analyticsBatchSchema, analyticsEventSchema } from './analytics.ts';
import { commentParamsSchema, commentSchema, createCommentSchema, updateCommentSchema } from './comment.ts';
import { idParamsSchema } from './common.ts';
import { createDealSchema, dealSchema, updateDealSchema } from './deal.ts';
import { createEventSchema, eventSchema } from './event.ts';
import {
  createPlaceSchema,
  findPlacesQuerySchema,
  placeListSchema,
  placeSchema,
  placeVoteSchema,
  searchQuerySchema,
  tagVoteSchema,
  updatePlaceSchema,
  viewportQuerySchema,
  voteResultSchema,
} from './place.ts';
import { createRemovalRequestSchema, removalRequestSchema } from './removal-request.ts';
import { currentUserSchema, publicUserSchema, updateUserNameSchema, userNameParamsSchema } from './user.ts';

const uuid = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';
const iso = '2026-04-05T02:30:00.000Z';

/** The messages of a failed parse, for asserting on what the caller is told. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const validRequests: [string, z.ZodType, Record<string, unknown>][] = [
  ['createPlace', createPlaceSchema, { name: 'Park', latitude: -36.8, longitude: 174.7 }],
  ['updatePlace', updatePlaceSchema, { name: 'Park' }],
  ['placeVote', placeVoteSchema, { vote: 'up' }],
  ['tagVote', tagVoteSchema, { tag: 'shade', vote: 'down' }],
  ['createComment', createCommentSchema, { text: 'Great swings' }],
  ['updateComment', updateCommentSchema, { text: 'Great swings!' }],
  ['findLocationsQuery', findPlacesQuerySchema, {}],
  [
    'viewportQuery',
    viewportQuerySchema,
    { west: '174', south: '-37', east: '175', north: '-36', zoom: '12' },
  ],
  ['searchQuery', searchQuerySchema, { q: 'domain' }],
  [
    'createEvent',
    createEventSchema,
    { locationId: uuid, title: 'Playgroup', dayOfWeek: 'Monday', time: '10:00', repeatPattern: 'Week' },
  ],
  ['createDeal', createDealSchema, { title: 'Half price' }],
  ['updateDeal', updateDealSchema, { active: false }],
  ['createRemovalRequest', createRemovalRequestSchema, { locationId: uuid, reason: 'Closed down' }],
  ['analyticsBatch', analyticsBatchSchema, { events: [{ name: 'view_location', at: iso }] }],
  ['updateUserName', updateUserNameSchema, { userName: 'kiwi_mum' }],
  ['idParams', idParamsSchema, { id: uuid }],
  ['commentParams', commentParamsSchema, { id: uuid, commentId: uuid }],
  ['userNameParams', userNameParamsSchema, { userName: 'kiwi_mum' }],
];

describe('request schemas', () => {
  it.each(validRequests)('%s accepts a valid request', (_name, schema, input) => {
    expect(messages(schema, input)).toEqual([]);
  });

  it.each(validRequests)('%s refuses unknown fields', (_name, schema, input) => {
    const result = schema.safeParse({ ...input, isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it.each(validRequests)('%s converts to JSON Schema (for OpenAPI)', (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'object' });
  });
});

describe('createPlaceSchema', () => {
  it('normalises the fields and fills defaults', () => {
    const parsed = createPlaceSchema.parse({
      name: '  Auckland Domain  ',
      latitude: -36.86,
      longitude: 174.78,
      tags: [' Shade ', 'shade', 'picnic   tables'],
      ageRanges: ['2-5', '2-5', '5-12'],
      officialWebsite: 'aucklanddomain.co.nz',
      description: '   ',
    });
    expect(parsed).toEqual({
      name: 'Auckland Domain',
      latitude: -36.86,
      longitude: 174.78,
      tags: ['Shade', 'picnic tables'],
      ageRanges: ['2-5', '5-12'],
      indoor: null,
      free: null,
      description: null,
      officialWebsite: 'https://aucklanddomain.co.nz',
    });
  });

  it.each([
    [{ latitude: 91 }, 'latitude'],
    [{ longitude: -181 }, 'longitude'],
    [{ name: '   ' }, 'name'],
    [{ tags: ['ok', ''] }, 'tags.1: A tag cannot be empty.'],
    [{ tags: ['x'.repeat(41)] }, 'tags.0: A tag can be at most 40 characters.'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags: A location can have at most 20 tags.'],
    [{ ageRanges: ['3-4'] }, 'ageRanges'],
    [
      { officialWebsite: 'javascript:alert(1)' },
      'officialWebsite: A website must be an http or https address.',
    ],
  ])('refuses %o with an issue at %s', (override, expected) => {
    const issues = messages(createPlaceSchema, { name: 'Park', latitude: 0, longitude: 0, ...override });
    expect(issues.some((issue) => issue.startsWith(expected))).toBe(true);
  });
});

describe('updatePlaceSchema', () => {
  it('accepts any subset and keeps absent fields absent', () => {
    expect(updatePlaceSchema.parse({ tags: ['Fenced'] })).toEqual({ tags: ['Fenced'] });
  });

  it('refuses an empty update', () => {
    expect(messages(updatePlaceSchema, {})).toEqual([': Nothing to update: give at least one field.']);
  });
});

describe('vote schemas', () => {
  it.each([{ vote: 'sideways' }, {}, { vote: null }])('locationVote refuses %o', (body) => {
    expect(placeVoteSchema.safeParse(body).success).toBe(false);
  });

  it('tagVote trims the tag', () => {
    expect(tagVoteSchema.parse({ tag: '  picnic  tables ', vote: 'up' })).toEqual({
      tag: 'picnic tables',
      vote: 'up',
    });
  });
});

describe('comment schemas', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['x', true],
    ['x'.repeat(2000), true],
    ['x'.repeat(2001), false],
  ])('text of %i characters accepted: %s', (text, ok) => {
    expect(createCommentSchema.safeParse({ text }).success).toBe(ok);
    expect(updateCommentSchema.safeParse({ text }).success).toBe(ok);
  });
});

describe('findPlacesQuerySchema', () => {
  it('coerces query-string values and applies defaults', () => {
    expect(
      findPlacesQuerySchema.parse({
        lat: '-36.85',
        lng: '174.76',
        radiusKm: '5',
        indoor: 'false',
        free: 'true',
        popular: '1',
        ageRange: '2-5',
      }),
    ).toEqual({
      lat: -36.85,
      lng: 174.76,
      radiusKm: 5,
      indoor: false,
      free: true,
      popular: true,
      ageRange: '2-5',
      limit: 50,
    });
  });

  it('treats empty values as absent, not as 0 or false', () => {
    expect(findPlacesQuerySchema.parse({ lat: '', lng: '', indoor: '', ageRange: '', limit: '' })).toEqual({
      limit: 50,
    });
  });

  it.each([
    [{ lat: '-36.8' }, 'lng: lat and lng must be given together.'],
    [{ lng: '174.7' }, 'lat: lat and lng must be given together.'],
    [{ radiusKm: '5' }, 'radiusKm: radiusKm needs a centre: give lat and lng too.'],
    [{ lat: '-91', lng: '0' }, 'lat'],
    [{ lat: 'north', lng: '0' }, 'lat'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '201' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ radiusKm: '-1', lat: '0', lng: '0' }, 'radiusKm'],
    [{ indoor: 'maybe' }, 'indoor'],
    [{ ageRange: '3-4' }, 'ageRange'],
  ])('refuses %o with an issue at %s', (query, expected) => {
    expect(messages(findPlacesQuerySchema, query).some((issue) => issue.startsWith(expected))).toBe(true);
  });

  it.each([
    ['1', 1],
    ['200', 200],
  ])('accepts limit %s', (limit, value) => {
    expect(findPlacesQuerySchema.parse({ limit }).limit).toBe(value);
  });
});

describe('viewportQuerySchema', () => {
  const box = { west: '174', south: '-37', east: '175', north: '-36', zoom: '12' };

  it('accepts a box crossing the antimeridian (west > east)', () => {
    expect(viewportQuerySchema.parse({ ...box, west: '179', east: '-179' })).toMatchObject({
      west: 179,
      east: -179,
    });
  });

  it.each([
    [{ zoom: '-1' }, 'zoom'],
    [{ zoom: '23' }, 'zoom'],
    [{ zoom: '' }, 'zoom'],
    [{ south: '-35', north: '-36' }, 'south: south must not be above north.'],
    [{ west: '' }, 'west'],
    [{ north: '91' }, 'north'],
  ])('refuses %o', (override, expected) => {
    expect(
      messages(viewportQuerySchema, { ...box, ...override }).some((issue) => issue.startsWith(expected)),
    ).toBe(true);
  });
});

describe('searchQuerySchema', () => {
  it('defaults the radius to 50 km', () => {
    expect(searchQuerySchema.parse({ q: ' domain ', lat: '-36.8', lng: '174.7' })).toEqual({
      q: 'domain',
      lat: -36.8,
      lng: 174.7,
      radiusKm: 50,
      limit: 50,
    });
  });

  it.each([
    [{ q: '' }, 'q'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ q: 'park', lat: '1' }, 'lng: lat and lng must be given together.'],
  ])('refuses %o', (query, expected) => {
    expect(messages(searchQuerySchema, query).some((issue) => issue.startsWith(expected))).toBe(true);
  });
});

describe('createEventSchema', () => {
  const base = {
    locationId: uuid,
    title: 'Playgroup',
    dayOfWeek: 'Monday',
    time: '10:00',
    repeatPattern: 'Week',
  };

  it('fills defaults', () => {
    expect(createEventSchema.parse(base)).toEqual({
      ...base,
      description: null,
      isPublic: true,
      invitedUserNames: [],
    });
  });

  it.each([
    [{ time: '24:00' }, 'time'],
    [{ time: '9:00' }, 'time'],
    [{ dayOfWeek: 'monday' }, 'dayOfWeek'],
    [{ repeatPattern: 'Month fourth' }, 'repeatPattern'],
    [{ locationId: 'not-a-uuid' }, 'locationId'],
    [{ invitedUserNames: ['ok_name', 'x'] }, 'invitedUserNames.1'],
  ])('refuses %o', (override, expected) => {
    expect(
      messages(createEventSchema, { ...base, ...override }).some((issue) => issue.startsWith(expected)),
    ).toBe(true);
  });
});

describe('deal schemas', () => {
  it('prefixes the website and fills defaults', () => {
    expect(
      createDealSchema.parse({ website: 'kidsdeals.nz', extra: { code: 'SAVE10', tiers: [1, 2] } }),
    ).toEqual({
      title: null,
      website: 'https://kidsdeals.nz',
      active: true,
      expiryDate: null,
      extra: { code: 'SAVE10', tiers: [1, 2] },
      locationId: null,
    });
  });

  it.each([
    [{ expiryDate: '2026-02-30' }, 'expiryDate'],
    [{ expiryDate: '05/04/2026' }, 'expiryDate'],
    [{ website: 'data:text/html,hi' }, 'website'],
    [{ extra: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'extra'],
  ])('createDeal refuses %o', (body, expected) => {
    expect(messages(createDealSchema, body).some((issue) => issue.startsWith(expected))).toBe(true);
  });

  it('updateDeal accepts clearing the expiry and refuses an empty update', () => {
    expect(updateDealSchema.parse({ expiryDate: null })).toEqual({ expiryDate: null });
    expect(updateDealSchema.safeParse({}).success).toBe(false);
  });
});

describe('createRemovalRequestSchema', () => {
  it.each([
    [{ locationId: 'account-deletion', reason: 'Please delete my account' }, true],
    [{ locationId: uuid, reason: ' Closed ' }, true],
    [{ locationId: 'something-else', reason: 'x' }, false],
    [{ locationId: uuid, reason: '' }, false],
    [{ locationId: uuid, reason: 'x'.repeat(1001) }, false],
  ])('%o accepted: %s', (body, ok) => {
    expect(createRemovalRequestSchema.safeParse(body).success).toBe(ok);
  });
});

describe('analytics schemas', () => {
  it('fills empty params', () => {
    expect(analyticsEventSchema.parse({ name: 'screen_view', at: iso })).toEqual({
      name: 'screen_view',
      params: {},
      at: iso,
    });
  });

  it.each([
    [{ events: [] }, false],
    [{ events: Array.from({ length: 50 }, () => ({ name: 'add_comment', at: iso })) }, true],
    [{ events: Array.from({ length: 51 }, () => ({ name: 'add_comment', at: iso })) }, false],
    [{ events: [{ name: 'page_view', at: iso }] }, false],
    [
      {
        events: [
          { name: 'app_store_click', at: iso, params: { source: 'terms', platform: 'ios', n: 1, b: true } },
        ],
      },
      true,
    ],
    [{ events: [{ name: 'app_store_click', at: iso, params: { nested: { a: 1 } } }] }, false],
    [{ events: [{ name: 'app_store_click', at: 'yesterday' }] }, false],
  ])('batch %# accepted: %s', (body, ok) => {
    expect(analyticsBatchSchema.safeParse(body).success).toBe(ok);
  });
});

describe('updateUserNameSchema', () => {
  it('trims and validates', () => {
    expect(updateUserNameSchema.parse({ userName: ' kiwi_mum ' })).toEqual({ userName: 'kiwi_mum' });
    expect(messages(updateUserNameSchema, { userName: 'a b' })[0]).toContain(
      'userName: A user name can only contain',
    );
  });
});

describe('response schemas', () => {
  const publicUser = {
    userName: 'kiwi_mum',
    displayName: 'Aroha',
    photoURL: null,
    role: 'basic',
    level: 1,
    points: 0,
    createdAt: iso,
  };
  const responses: [string, z.ZodType, unknown][] = [
    ['publicUser', publicUserSchema, publicUser],
    [
      'currentUser',
      currentUserSchema,
      { ...publicUser, email: 'a@example.com', leveledUp: false, updatedAt: iso },
    ],
    [
      'location',
      placeSchema,
      makePlace({
        imageMetaData: [
          {
            id: uuid,
            url: '/u/1.jpg',
            commentId: uuid,
            uploadedBy: { userName: null },
            lastUpdatedAt: iso,
            canDelete: false,
          },
        ],
        distanceKm: 1.2,
      }),
    ],
    ['locationList', placeListSchema, { items: [makePlace()], nextCursor: null }],
    ['voteResult', voteResultSchema, { votes: { up: 1, down: 0 }, myVote: 'up' }],
    [
      'comment',
      commentSchema,
      { id: uuid, text: 'Nice', imageUrl: null, userName: 'kiwi_mum', createdAt: iso, updatedAt: iso },
    ],
    [
      'event',
      eventSchema,
      {
        id: uuid,
        locationId: uuid,
        locationName: 'Western Springs Playground',
        title: 'Playgroup',
        description: null,
        dayOfWeek: 'Monday',
        time: '10:00',
        endTime: '11:30',
        durationMinutes: 90,
        repeatPattern: 'Month last',
        isPublic: false,
        timeZone: 'Pacific/Auckland',
        createdAt: iso,
        updatedAt: iso,
        createdByUserName: 'kiwi_mum',
        invitedUserNames: ['dad_of_three'],
        canEdit: true,
        happeningNow: false,
        startsInMinutes: 95,
      },
    ],
    [
      'deal',
      dealSchema,
      {
        id: uuid,
        title: null,
        website: 'https://kidsdeals.nz',
        imageUrl: null,
        logoUrl: null,
        active: true,
        expiryDate: '2026-04-05',
        extra: {},
        location: { id: uuid, name: 'Hanseplatz', latitude: 53.86, longitude: 10.66 },
        createdAt: iso,
        updatedAt: iso,
      },
    ],
    [
      'removalRequest',
      removalRequestSchema,
      {
        id: uuid,
        locationId: 'account-deletion',
        locationName: null,
        type: 'account',
        status: 'pending',
        reason: 'Bye',
        createdAt: iso,
      },
    ],
  ];

  it.each(responses)('%s accepts a realistic value', (_name, schema, value) => {
    expect(messages(schema, value)).toEqual([]);
  });

  it.each(responses)('%s converts to JSON Schema (for OpenAPI)', (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: 'output' })).toMatchObject({ type: 'object' });
  });

  it('a location with a negative count or an unknown age range is refused', () => {
    expect(placeSchema.safeParse(makePlace({ votes: { up: -1, down: 0 } })).success).toBe(false);
    expect(placeSchema.safeParse({ ...makePlace(), ageRanges: ['3-4'] }).success).toBe(false);
  });
});
