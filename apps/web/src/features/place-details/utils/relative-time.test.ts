import { describe, expect, it } from 'vitest';
import { daysAgo, timeAgo } from './relative-time.ts';

const now = new Date('2026-05-10T12:00:00Z');

describe('timeAgo', () => {
  it.each([
    ['2026-05-10T11:59:30Z', 'just now'],
    ['2026-05-10T11:55:00Z', '5 minutes ago'],
    ['2026-05-10T09:00:00Z', '3 hours ago'],
    ['2026-05-09T10:00:00Z', 'yesterday'],
    ['2026-04-19T12:00:00Z', '3 weeks ago'],
    ['2025-05-01T12:00:00Z', 'last year'],
  ])('%s → %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});

describe('daysAgo', () => {
  // Local calendar days: late last night is "yesterday" even if it was only hours ago.
  const now = new Date(2026, 10, 23, 9, 30);
  it.each([
    [new Date(2026, 10, 23, 0, 0), 'today'],
    [new Date(2026, 10, 22, 23, 59), 'yesterday'],
    [new Date(2026, 10, 20, 12, 0), '3 days ago'],
    [new Date(2026, 10, 9, 0, 0), '2 weeks ago'],
    [new Date(2026, 8, 1, 0, 0), '2 months ago'],
    [new Date(2024, 10, 1, 0, 0), '2 years ago'],
    // A day a clock ahead of this device's is still today, never "in 1 day".
    [new Date(2026, 10, 24, 0, 0), 'today'],
  ])('%s is %s', (then, label) => {
    expect(daysAgo(then.toISOString(), now)).toBe(label);
  });
});
