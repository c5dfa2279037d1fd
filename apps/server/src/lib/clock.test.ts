import { describe, expect, it } from 'vitest';
import { clockStartingAt } from './clock.ts';

describe('clockStartingAt', () => {
  it('reads the start at once and runs on at real speed', () => {
    let real = Date.parse('2026-11-23T12:00:00Z');
    const now = clockStartingAt(new Date('2026-11-16T21:05:00Z'), () => real);
    expect(now().toISOString()).toBe('2026-11-16T21:05:00.000Z');
    real += 90_000;
    expect(now().toISOString()).toBe('2026-11-16T21:06:30.000Z');
  });
});
