import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.ts';

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
