/**
 * Uploads through the API with a tiny image work queue (one worker, one waiting place), held
 * busy by the test itself: beyond the queue every upload route answers 503 with Retry-After at
 * once and changes nothing; within it an upload waits its turn and then succeeds.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { multipartPhoto, smallPng } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import { createImageWorkQueue, IMAGE_WORK_BUSY_MESSAGE } from './image-work-queue.ts';

describeEachBackend('uploads through a bounded image queue', (database) => {
  const imageWork = createImageWorkQueue({ workers: 1, queueLength: 1 });
  let app: FastifyInstance;
  let parent: SignedInTestUser;
  let admin: SignedInTestUser;
  let locationId = '';
  let commentId = '';
  let dealId = '';
  /** Finishes the jobs the test put in the queue to keep it busy. */
  let releaseHeld: (() => Promise<void>) | undefined;

  /** Occupies `count` places (the worker first, then the queue) until released. */
  function holdQueue(count: number): void {
    const { promise: released, resolve } = Promise.withResolvers<'released'>();
    const held = Array.from({ length: count }, () => imageWork.run(() => released));
    releaseHeld = async () => {
      resolve('released');
      await Promise.all(held);
    };
  }

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig(), imageWork });
    parent = await signInAs(app, 'Queue_Parent');
    admin = await signInAs(app, 'Queue_Admin');
    await setRole(database(), 'Queue_Admin', 'admin');
    locationId = (await addPlace(app, parent, { name: 'Queue Park' })).id;
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/comments`,
      headers: parent.headers,
      payload: { text: 'Lovely big sandpit.' },
    });
    commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const deal = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: admin.headers,
      payload: { title: 'Free babyccino' },
    });
    dealId = deal.json<{ deal: { id: string } }>().deal.id;
  });
  afterEach(async () => {
    await releaseHeld?.();
    releaseHeld = undefined;
  });
  afterAll(async () => {
    await app.close();
  });

  const send = async (method: 'POST' | 'PUT', url: string, user: SignedInTestUser) => {
    const body = multipartPhoto(await smallPng());
    return app.inject({
      method,
      url,
      headers: { ...user.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const pointsOf = async (user: SignedInTestUser) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json<{ points: number }>()
      .points;
  const photoCount = async () =>
    (await app.inject({ method: 'GET', url: `/api/locations/${locationId}` })).json<{
      imageUrls: unknown[];
    }>().imageUrls.length;

  it('answers 503 with Retry-After and a message for parents when the queue is full, changing nothing', async () => {
    const points = await pointsOf(parent);
    const photos = await photoCount();
    holdQueue(2);

    const refused = await send('POST', `/api/locations/${locationId}/photos`, parent);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ error: { code: 'server_busy', message: IMAGE_WORK_BUSY_MESSAGE } });
    expect(await pointsOf(parent)).toBe(points);
    expect(await photoCount()).toBe(photos);

    // Room again once the queue has drained.
    await releaseHeld?.();
    releaseHeld = undefined;
    expect((await send('POST', `/api/locations/${locationId}/photos`, parent)).statusCode).toBe(201);
  });

  it.each([
    [
      'a comment photo',
      'POST',
      () => `/api/locations/${locationId}/comments/${commentId}/photo`,
      () => parent,
    ],
    ['a deal image', 'PUT', () => `/api/deals/${dealId}/image`, () => admin],
    ['a deal logo', 'PUT', () => `/api/deals/${dealId}/logo`, () => admin],
  ] as const)('refuses %s the same way', async (_name, method, url, user) => {
    holdQueue(2);
    const refused = await send(method, url(), user());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('server_busy');
  });

  it('lets an upload wait its turn while the queue has room, then stores it', async () => {
    holdQueue(1);
    let answered = false;
    const upload = send('POST', `/api/locations/${locationId}/photos`, parent).then((response) => {
      answered = true;
      return response;
    });
    // Wait (bounded) until the upload is read and queued behind the held job.
    for (let turn = 0; turn < 500 && imageWork.stats().waiting === 0; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(imageWork.stats()).toEqual({ running: 1, waiting: 1 });
    expect(answered).toBe(false);

    await releaseHeld?.();
    releaseHeld = undefined;
    expect((await upload).statusCode).toBe(201);
    expect(imageWork.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
