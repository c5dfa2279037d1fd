import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventsTodayQuerySchema, nearbyEventsQuerySchema, updateEventSchema } from './event.ts';
import { moderationDecisionSchema, moderationQueueQuerySchema } from './moderation.ts';

const uuid = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';
const otherUuid = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b12';

const fails = (schema: z.ZodType, input: unknown) => !schema.safeParse(input).success;

describe('event query and update schemas', () => {
  it('reads comma-separated location ids, trimmed and each once', () => {
    expect(eventsTodayQuerySchema.parse({ locationIds: `${uuid}, ${otherUuid},${uuid},` })).toEqual({
      locationIds: [uuid, otherUuid],
    });
  });

  it.each([
    ['no ids', { locationIds: '' }],
    ['a bad id', { locationIds: `${uuid},abc` }],
    ['an unknown field', { locationIds: uuid, days: '2' }],
    [
      '301 ids',
      {
        locationIds: Array.from(
          { length: 301 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ).join(','),
      },
    ],
  ])('refuses %s for today', (_name, query) => {
    expect(fails(eventsTodayQuerySchema, query)).toBe(true);
  });

  it('needs a centre for nearby events and defaults to today within 25 km', () => {
    expect(nearbyEventsQuerySchema.parse({ lat: '-36.85', lng: '174.76' })).toEqual({
      lat: -36.85,
      lng: 174.76,
      radiusKm: 25,
      range: 'today',
    });
    expect(fails(nearbyEventsQuerySchema, { lat: '-36.85' })).toBe(true);
    expect(fails(nearbyEventsQuerySchema, { lat: '-36.85', lng: '174.76', range: 'month' })).toBe(true);
    expect(fails(nearbyEventsQuerySchema, { lat: '-36.85', lng: '174.76', radiusKm: '0' })).toBe(true);
  });

  it('updates any subset but not the location, and not nothing', () => {
    expect(updateEventSchema.parse({ description: '' })).toEqual({ description: null });
    expect(fails(updateEventSchema, {})).toBe(true);
    expect(fails(updateEventSchema, { locationId: uuid })).toBe(true);
    expect(fails(updateEventSchema, { time: '25:00' })).toBe(true);
  });
});

describe('moderation schemas', () => {
  it('takes a decision with an optional trimmed note', () => {
    expect(moderationDecisionSchema.parse({ decision: 'approve' })).toEqual({
      decision: 'approve',
      note: null,
    });
    expect(moderationDecisionSchema.parse({ decision: 'reject', note: '  spam ' })).toEqual({
      decision: 'reject',
      note: 'spam',
    });
    expect(fails(moderationDecisionSchema, { decision: 'delete' })).toBe(true);
    expect(fails(moderationDecisionSchema, { decision: 'reject', note: 'x'.repeat(1001) })).toBe(true);
    expect(fails(moderationDecisionSchema, { decision: 'reject', by: 'me' })).toBe(true);
  });

  it('lists pending requests unless told otherwise', () => {
    expect(moderationQueueQuerySchema.parse({})).toEqual({ status: 'pending' });
    expect(moderationQueueQuerySchema.parse({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(fails(moderationQueueQuerySchema, { status: 'open' })).toBe(true);
  });
});
