import type { AnalyticsBatchInput } from '@playspot/core';
import { analyticsBatchSchema } from '@playspot/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnalyticsQueue,
  DEFAULT_FLUSH_DELAY_MS,
  sanitizeParams,
  type AnalyticsTransport,
} from './analytics-queue.ts';

const NOW = new Date('2026-03-01T09:30:00.000Z');

function fakeTransport(overrides: Partial<AnalyticsTransport> = {}) {
  const sent: AnalyticsBatchInput[] = [];
  const beaconed: AnalyticsBatchInput[] = [];
  const send = vi.fn((batch: AnalyticsBatchInput) => {
    sent.push(batch);
    return Promise.resolve();
  });
  const sendOnExit = vi.fn((batch: AnalyticsBatchInput) => {
    beaconed.push(batch);
    return true;
  });
  const transport: AnalyticsTransport = { send, sendOnExit, ...overrides };
  return { transport, sent, beaconed, send };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AnalyticsQueue', () => {
  it('waits a moment, then sends the events together as one valid batch', async () => {
    const { transport, sent, send } = fakeTransport();
    const queue = new AnalyticsQueue({ transport, now: () => NOW });
    queue.track('screen_view', { screen_name: 'MapView', path: '/MapView' });
    queue.track('open_auth_modal', { source: 'header' });
    expect(send).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(DEFAULT_FLUSH_DELAY_MS);
    expect(sent).toEqual([
      {
        events: [
          {
            name: 'screen_view',
            params: { screen_name: 'MapView', path: '/MapView' },
            at: NOW.toISOString(),
          },
          { name: 'open_auth_modal', params: { source: 'header' }, at: NOW.toISOString() },
        ],
      },
    ]);
    expect(analyticsBatchSchema.safeParse(sent[0]).success).toBe(true);
    expect(queue.size).toBe(0);
  });

  it('sends at once when a batch is full (at most 50 events per request)', async () => {
    const { transport, sent } = fakeTransport();
    const queue = new AnalyticsQueue({ transport });
    for (let i = 0; i < 120; i += 1) queue.track('screen_view', { screen_name: `S${i}` });
    await vi.advanceTimersByTimeAsync(DEFAULT_FLUSH_DELAY_MS);
    expect(sent.map((batch) => batch.events.length)).toEqual([50, 50, 20]);
  });

  it('logs and drops a failed batch, never throws, and keeps working', async () => {
    const log = vi.fn();
    const send = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    const queue = new AnalyticsQueue({ transport: fakeTransport({ send }).transport, log });
    queue.track('user_logout');
    await expect(queue.flush()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Analytics: dropped 1 event(s)', expect.any(Error));

    queue.track('user_login', { method: 'google' });
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.size).toBe(0);
  });

  it('hands what is left to the beacon when the page is hidden', () => {
    const { transport, beaconed, send } = fakeTransport();
    const queue = new AnalyticsQueue({ transport });
    queue.track('screen_view', { screen_name: 'AboutUs' });
    queue.flushOnExit();
    expect(beaconed).toHaveLength(1);
    expect(send).not.toHaveBeenCalled();
    expect(queue.size).toBe(0);
  });

  it('logs a beacon the browser refused', () => {
    const log = vi.fn();
    const queue = new AnalyticsQueue({
      transport: fakeTransport({ sendOnExit: () => false }).transport,
      log,
    });
    queue.track('screen_view');
    queue.flushOnExit();
    expect(log).toHaveBeenCalledWith('Analytics: dropped 1 event(s) on exit');
  });
});

describe('sanitizeParams', () => {
  it('keeps flat values the server accepts', () => {
    const long = 'x'.repeat(600);
    expect(
      sanitizeParams({ a: 'text', b: 2, c: true, d: null, e: undefined, f: Number.NaN, g: long }),
    ).toEqual({
      a: 'text',
      b: 2,
      c: true,
      g: 'x'.repeat(500),
    });
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(sanitizeParams(many))).toHaveLength(25);
  });
});
