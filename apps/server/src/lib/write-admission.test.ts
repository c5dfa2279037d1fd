import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installErrorHandler } from './error-handler.ts';
import {
  createWriteAdmission,
  installWriteAdmission,
  ServerBusyError,
  type Release,
} from './write-admission.ts';

const limits = { perKey: 2, total: 3, queuePerKey: 4, queue: 6, maxWaitMs: 1_000 };

/** Whether a promise has settled yet, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('write admission', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs up to the per-person limit at once and queues the rest in order', async () => {
    const admission = createWriteAdmission(limits);
    const first = await admission.acquire('ana');
    await admission.acquire('ana');
    const third = admission.acquire('ana');
    const fourth = admission.acquire('ana');
    expect(await settled(third)).toBe(false);
    expect(admission.stats()).toEqual({ running: 2, waiting: 2 });
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
  });

  it("lets another person run while one person's writes wait", async () => {
    const admission = createWriteAdmission(limits);
    await admission.acquire('ana');
    await admission.acquire('ana');
    const anaWaiting = admission.acquire('ana');
    const ben = admission.acquire('ben');
    expect(await settled(ben)).toBe(true);
    expect(await settled(anaWaiting)).toBe(false);
  });

  it('never runs more than the total, whoever asks', async () => {
    const admission = createWriteAdmission(limits);
    const releases: Release[] = [];
    for (const key of ['a', 'b', 'c']) releases.push(await admission.acquire(key));
    const fourth = admission.acquire('d');
    expect(await settled(fourth)).toBe(false);
    releases[1]?.();
    expect(await settled(fourth)).toBe(true);
    expect(admission.stats().running).toBe(3);
  });

  it('refuses at once with 503 when the queue is full', async () => {
    const admission = createWriteAdmission({ ...limits, queue: 1 });
    await admission.acquire('ana');
    await admission.acquire('ana');
    void admission.acquire('ana').catch(() => undefined);
    const refused = admission.acquire('ana');
    await expect(refused).rejects.toBeInstanceOf(ServerBusyError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      retryAfterSeconds: 2,
    });
  });

  it('refuses only the person whose own line is full; others still run and queue', async () => {
    const admission = createWriteAdmission({ ...limits, total: 4, queuePerKey: 2 });
    await admission.acquire('flooder');
    await admission.acquire('flooder');
    void admission.acquire('flooder').catch(() => undefined);
    void admission.acquire('flooder').catch(() => undefined);
    await expect(admission.acquire('flooder')).rejects.toBeInstanceOf(ServerBusyError);
    // Another person has free slots: runs at once, although the flooder's writes wait.
    expect(await settled(admission.acquire('parent'))).toBe(true);
  });

  it('refuses a write that waited too long, and forgets it', async () => {
    vi.useFakeTimers();
    const admission = createWriteAdmission(limits);
    await admission.acquire('ana');
    await admission.acquire('ana');
    const waiting = admission.acquire('ana');
    const outcome = waiting.catch((error: unknown) => error);
    vi.advanceTimersByTime(limits.maxWaitMs + 1);
    expect(await outcome).toBeInstanceOf(ServerBusyError);
    expect(admission.stats().waiting).toBe(0);
  });

  it('caps one address across the accounts it uses, and frees the place on release', async () => {
    const admission = createWriteAdmission({ ...limits, total: 6, perAddress: 2 });
    const first = await admission.acquire('user:a', '203.0.113.1');
    await admission.acquire('user:b', '203.0.113.1');
    // A third account on the same address waits, though it has no write of its own running.
    const third = admission.acquire('user:c', '203.0.113.1');
    expect(await settled(third)).toBe(false);
    // Someone on another address runs at once.
    expect(await settled(admission.acquire('user:d', '198.51.100.1'))).toBe(true);
    first();
    expect(await settled(third)).toBe(true);
    expect(admission.stats()).toEqual({ running: 3, waiting: 0 });
  });

  it('has no address cap unless one is set', async () => {
    const admission = createWriteAdmission({ ...limits, total: 6 });
    for (const key of ['a', 'b', 'c', 'd']) {
      expect(await settled(admission.acquire(key, '203.0.113.1'))).toBe(true);
    }
  });

  it('counts a release once however often it is called', async () => {
    const admission = createWriteAdmission(limits);
    const release = await admission.acquire('ana');
    await admission.acquire('ben');
    release();
    release();
    expect(admission.stats().running).toBe(1);
  });
});

describe('write admission on routes', () => {
  /** An app whose writes wait until released, with one write and one upload slot in all. */
  async function appWithSlowWrites() {
    const app = Fastify();
    installErrorHandler(app);
    const strict = { perKey: 1, total: 1, queuePerKey: 0, queue: 0, maxWaitMs: 1_000 };
    installWriteAdmission(app, {
      writes: createWriteAdmission(strict),
      uploads: createWriteAdmission(strict),
    });
    const finish = Promise.withResolvers<undefined>();
    const entered = Promise.withResolvers<undefined>();
    app.post('/api/comments', async () => {
      entered.resolve(undefined);
      await finish.promise;
      return { ok: true };
    });
    app.post('/api/photos', { config: { writeAdmission: 'image-queue' } }, async () => {
      await finish.promise;
      return { ok: true };
    });
    app.get('/api/places', () => ({ ok: true }));
    await app.ready();
    return {
      app,
      entered: entered.promise,
      finish: () => {
        finish.resolve(undefined);
      },
    };
  }

  it('refuses a write beyond the limits at once with 503 and Retry-After; reads and uploads are not in its line', async () => {
    const { app, entered, finish } = await appWithSlowWrites();
    const first = app.inject({ method: 'POST', url: '/api/comments' });
    await entered;
    const second = await app.inject({ method: 'POST', url: '/api/comments' });
    expect(second.statusCode).toBe(503);
    expect(second.headers['retry-after']).toBe('2');
    expect(second.json()).toMatchObject({ error: { code: 'server_busy' } });
    expect((await app.inject({ method: 'GET', url: '/api/places' })).statusCode).toBe(200);
    const upload = app.inject({ method: 'POST', url: '/api/photos' });
    finish();
    expect((await first).statusCode).toBe(200);
    expect((await upload).statusCode).toBe(200);
    // The slot came back: the next write runs.
    expect((await app.inject({ method: 'POST', url: '/api/comments' })).statusCode).toBe(200);
    await app.close();
  });
});
