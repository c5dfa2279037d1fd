import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSessionActive,
  newSessionTimes,
  SESSION_TOUCH_INTERVAL_MS,
  touchSession,
  type SessionLifetime,
} from './sessions.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const lifetime: SessionLifetime = { idleMs: 2 * DAY, absoluteMs: 5 * DAY };
const start = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('session lifetime', () => {
  it('starts with the idle window, capped by the absolute end', () => {
    expect(newSessionTimes(start, lifetime)).toEqual({
      lastSeenAt: start,
      idleExpiresAt: at(2 * DAY),
      absoluteExpiresAt: at(5 * DAY),
    });
    expect(newSessionTimes(start, { idleMs: 9 * DAY, absoluteMs: DAY }).idleExpiresAt).toEqual(at(DAY));
  });

  it.each([
    ['just after sign-in', 0, true],
    ['one minute before the idle end', 2 * DAY - 60_000, true],
    ['at the idle end', 2 * DAY, false],
    ['long after', 10 * DAY, false],
  ])('is active %s: %s', (_when, offset, expected) => {
    expect(isSessionActive(newSessionTimes(start, lifetime), at(offset))).toBe(expected);
  });

  it('slides the idle end on use, but not more often than the touch interval', () => {
    const session = newSessionTimes(start, lifetime);
    expect(touchSession(session, at(SESSION_TOUCH_INTERVAL_MS - 1), lifetime)).toBeNull();
    expect(touchSession(session, at(DAY), lifetime)).toEqual({
      lastSeenAt: at(DAY),
      idleExpiresAt: at(3 * DAY),
      absoluteExpiresAt: at(5 * DAY),
    });
  });

  it('never lives past the absolute end, however often it is used', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: DAY }), { maxLength: 40 }), (gaps) => {
        let session = newSessionTimes(start, lifetime);
        let now = start.getTime();
        for (const gap of gaps) {
          now += gap;
          if (!isSessionActive(session, new Date(now))) break;
          session = touchSession(session, new Date(now), lifetime) ?? session;
          expect(session.idleExpiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + lifetime.absoluteMs);
        }
        expect(isSessionActive(session, at(lifetime.absoluteMs))).toBe(false);
      }),
    );
  });
});
