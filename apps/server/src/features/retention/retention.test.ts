/**
 * The retention job with an injected clock, on each backend: analytics events older than
 * the configured days go, younger ones stay; ended sessions go, live ones stay; and the
 * schedule runs it a minute after start and then once a day.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeEachBackend } from '../../../test/database.ts';
import { analyticsEvents, sessions, users } from '../../db/schema.ts';
import { RETENTION_BATCH } from './retention.repository.ts';
import { createRetentionService, FIRST_RUN_DELAY_MS } from './retention.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-27T03:00:00Z');
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);

describeEachBackend('retention', (database) => {
  let userId = '';
  beforeEach(async () => {
    const db = database().db;
    await db.execute(sql`delete from ${analyticsEvents}`);
    await db.execute(sql`delete from ${sessions}`);
    userId = randomUUID();
    await db.insert(users).values({ id: userId, issuer: 'https://issuer.test', subject: userId });
  });

  async function addEvent(name: string, receivedAt: Date) {
    await database()
      .db.insert(analyticsEvents)
      .values({ name, params: {}, userId, occurredAt: receivedAt, receivedAt });
  }

  async function addSession(tokenHash: string, times: { idle: Date; absolute: Date }) {
    await database()
      .db.insert(sessions)
      .values({
        tokenHash,
        userId,
        idleExpiresAt: times.idle,
        absoluteExpiresAt: times.absolute,
        lastSeenAt: daysBefore(1),
      });
  }

  const remaining = async () => ({
    events: (await database().db.select({ name: analyticsEvents.name }).from(analyticsEvents))
      .map((row) => row.name)
      .sort(),
    sessions: (await database().db.select({ hash: sessions.tokenHash }).from(sessions))
      .map((row) => row.hash)
      .sort(),
  });

  it('deletes analytics events older than the configured days and ended sessions, keeping the rest', async () => {
    await addEvent('older_than_400_days', daysBefore(401));
    await addEvent('just_over_400_days', new Date(daysBefore(400).getTime() - 1000));
    await addEvent('just_under_400_days', new Date(daysBefore(400).getTime() + 1000));
    await addEvent('yesterday', daysBefore(1));
    await addEvent('next_week', daysBefore(-7));
    await addSession('idle_ended', { idle: daysBefore(1), absolute: daysBefore(-100) });
    await addSession('absolute_ended', { idle: daysBefore(-10), absolute: daysBefore(0) });
    await addSession('live', { idle: daysBefore(-10), absolute: daysBefore(-100) });

    const retention = createRetentionService({ database: database(), now: () => NOW, analyticsDays: 400 });
    expect(await retention.runOnce()).toEqual({ analyticsEvents: 2, sessions: 2 });
    expect(await remaining()).toEqual({
      events: ['just_under_400_days', 'next_week', 'yesterday'],
      sessions: ['live'],
    });
    // Nothing more to delete on the same day.
    expect(await retention.runOnce()).toEqual({ analyticsEvents: 0, sessions: 0 });

    // Thirty days on, with 30 days kept: the live session has idled out, and only the event of
    // 23 days before stays.
    const later = new Date(NOW.getTime() + 30 * DAY);
    const shorter = createRetentionService({ database: database(), now: () => later, analyticsDays: 30 });
    expect(await shorter.runOnce()).toEqual({ analyticsEvents: 2, sessions: 1 });
    expect(await remaining()).toEqual({ events: ['next_week'], sessions: [] });
  });

  it('deletes more than one batch', async () => {
    const old = daysBefore(500);
    await database()
      .db.insert(analyticsEvents)
      .values(
        Array.from({ length: RETENTION_BATCH + 3 }, () => ({
          name: 'bulk',
          params: {},
          userId,
          occurredAt: old,
          receivedAt: old,
        })),
      );
    await addEvent('recent', daysBefore(2));
    const retention = createRetentionService({ database: database(), now: () => NOW, analyticsDays: 400 });
    expect((await retention.runOnce()).analyticsEvents).toBe(RETENTION_BATCH + 3);
    expect((await remaining()).events).toEqual(['recent']);
  });
});

describe('the retention schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a minute after start, then once a day, until stopped', async () => {
    let clock = NOW;
    const query = vi.fn(() => Promise.resolve([]));
    const database = { query } as unknown as Parameters<typeof createRetentionService>[0]['database'];
    const retention = createRetentionService({ database, now: () => clock, analyticsDays: 400 });
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = retention.schedule(log);
    const wait = async (ms: number) => {
      clock = new Date(clock.getTime() + ms);
      await vi.advanceTimersByTimeAsync(ms);
    };
    await wait(FIRST_RUN_DELAY_MS - 1);
    expect(log.info).not.toHaveBeenCalled();
    await wait(1);
    expect(log.info).toHaveBeenCalledTimes(1);
    await wait(DAY - 1);
    expect(log.info).toHaveBeenCalledTimes(1);
    await wait(1);
    expect(log.info).toHaveBeenCalledTimes(2);
    stop();
    await wait(3 * DAY);
    expect(log.info).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
    // Two runs, each one statement for events and one for sessions.
    expect(query).toHaveBeenCalledTimes(4);
  });
});
