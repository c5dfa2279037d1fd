import { describe, expect, it } from 'vitest';
import { POSITION_FRESH_MINUTES } from './constants.ts';
import {
  describeAge,
  describePositionKind,
  isUsablePosition,
  positionAfterDenial,
  positionKind,
  type KnownPosition,
} from './position.ts';
import { rememberedMapViewSchema, rememberedPositionSchema } from './schemas/device-memory.ts';

const NOW = new Date('2026-05-04T10:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const reading = (overrides: Partial<KnownPosition> = {}): KnownPosition => ({
  lat: 53.8655,
  lng: 10.6866,
  source: 'device',
  accuracyM: 20,
  readAt: NOW.toISOString(),
  ...overrides,
});

describe('positionKind', () => {
  it.each([
    ['a reading just taken', reading(), 'current'],
    [
      'a reading at the freshness limit',
      reading({ readAt: minutesBefore(POSITION_FRESH_MINUTES) }),
      'current',
    ],
    ['a reading past the limit', reading({ readAt: minutesBefore(POSITION_FRESH_MINUTES + 1) }), 'old'],
    ['a reading from yesterday', reading({ readAt: minutesBefore(24 * 60) }), 'old'],
    ['a spot set by hand just now', reading({ source: 'manual', accuracyM: null }), 'manual'],
    [
      'a spot set by hand last week',
      reading({ source: 'manual', readAt: minutesBefore(7 * 24 * 60) }),
      'manual',
    ],
    ['a reading with an unreadable time', reading({ readAt: 'yesterday' }), 'old'],
  ] as const)('%s is %s', (_, position, kind) => {
    expect(positionKind(position, NOW)).toBe(kind);
  });
});

describe('describeAge', () => {
  it.each([
    [0, 'just now'],
    [1, 'just now'],
    [2, '2 minutes ago'],
    [59, '59 minutes ago'],
    [60, 'an hour ago'],
    [119, 'an hour ago'],
    [120, '2 hours ago'],
    [23 * 60 + 59, '23 hours ago'],
    [24 * 60, 'yesterday'],
    [47 * 60, 'yesterday'],
    [48 * 60, '2 days ago'],
    [30 * 24 * 60, '30 days ago'],
    [-5, 'just now'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(describeAge(minutesBefore(minutes), NOW)).toBe(text);
  });
});

describe('describePositionKind', () => {
  it('says nothing about a current reading', () => {
    expect(describePositionKind(reading(), NOW)).toBeNull();
  });
  it('says how old an old reading is', () => {
    expect(describePositionKind(reading({ readAt: minutesBefore(3 * 60) }), NOW)).toBe(
      'Using where you were 3 hours ago.',
    );
  });
  it('says when the spot was set by hand', () => {
    expect(describePositionKind(reading({ source: 'manual' }), NOW)).toBe('Using the spot you set by hand.');
  });
});

describe('isUsablePosition', () => {
  it('accepts a valid reading and refuses bad coordinates or times', () => {
    expect(isUsablePosition(reading())).toBe(true);
    expect(isUsablePosition(reading({ lat: 91 }))).toBe(false);
    expect(isUsablePosition(reading({ lng: Number.NaN }))).toBe(false);
    expect(isUsablePosition(reading({ readAt: 'soon' }))).toBe(false);
  });
});

describe('remembered device data', () => {
  it('reads back a stored position and refuses what does not fit', () => {
    expect(rememberedPositionSchema.safeParse(reading()).success).toBe(true);
    expect(rememberedPositionSchema.safeParse({ ...reading(), source: 'gps' }).success).toBe(false);
    expect(rememberedPositionSchema.safeParse({ ...reading(), lat: 200 }).success).toBe(false);
    expect(rememberedPositionSchema.safeParse({ lat: 1, lng: 2 }).success).toBe(false);
  });
  it('reads back a map view with a zoom in range', () => {
    expect(rememberedMapViewSchema.safeParse({ lat: 53.87, lng: 10.69, zoom: 14.5 }).success).toBe(true);
    expect(rememberedMapViewSchema.safeParse({ lat: 53.87, lng: 10.69, zoom: 40 }).success).toBe(false);
  });
});

describe('positionAfterDenial', () => {
  it.each([
    ['a current device reading goes', reading(), null],
    ['an old device reading goes', reading({ readAt: minutesBefore(7 * 24 * 60) }), null],
    [
      'a spot set by hand stays',
      reading({ source: 'manual', accuracyM: null }),
      reading({ source: 'manual', accuracyM: null }),
    ],
    ['nothing stays nothing', null, null],
  ] as const)('%s', (_, position, left) => {
    expect(positionAfterDenial(position)).toEqual(left);
  });
});
