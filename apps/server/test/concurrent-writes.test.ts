/**
 * One person's double (and twenty-fold) taps: parallel comments, new places and photos by one
 * account all succeed, the points add up exactly, and signed-out reads keep answering meanwhile.
 * These found deadlocks on PostgreSQL that PGlite (one connection) can never show.
 */
import { pointsForAction } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { describeEachBackend } from './database.ts';
import { addPlace, makePlaceInput } from './places-fixtures.ts';
import { signInAs, type SignedInTestUser } from './sign-in.ts';
import { multipartPhoto, smallPng } from './upload-fixtures.ts';

const PARALLEL_COMMENTS = 20;
const PARALLEL_PLACES = 20;
const PARALLEL_PHOTOS = 10;

describeEachBackend('parallel writes by one person', (database) => {
  let app: FastifyInstance;
  let parent: SignedInTestUser;
  let locationId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    parent = await signInAs(app, 'busy_parent');
    locationId = (await addPlace(app, parent)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  async function pointsOf(user: SignedInTestUser): Promise<number> {
    const response = await app.inject({ method: 'GET', url: '/api/me/points', headers: user.headers });
    return response.json<{ points: number }>().points;
  }

  function statusesOf(responses: { statusCode: number; body: string }[]) {
    return responses.map((response) =>
      response.statusCode < 300 ? 'ok' : `${response.statusCode} ${response.body}`,
    );
  }

  it(`${PARALLEL_COMMENTS} parallel comments all succeed and each earns its points`, async () => {
    const before = await pointsOf(parent);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL_COMMENTS }, (_, index) =>
        app.inject({
          method: 'POST',
          url: `/api/locations/${locationId}/comments`,
          headers: parent.headers,
          payload: { text: `Tap number ${index}` },
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual(responses.map(() => 'ok'));
    expect(await pointsOf(parent)).toBe(before + PARALLEL_COMMENTS * pointsForAction('comment'));
    const place = await app.inject({ method: 'GET', url: `/api/locations/${locationId}` });
    expect(place.json<{ commentCount: number }>().commentCount).toBe(PARALLEL_COMMENTS);
  }, 60_000);

  it(`${PARALLEL_PLACES} parallel new places all succeed and each earns its points`, async () => {
    const before = await pointsOf(parent);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL_PLACES }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/locations',
          headers: parent.headers,
          payload: makePlaceInput({ name: `Parallel Park ${index}`, description: 'Swings and a slide' }),
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual(responses.map(() => 'ok'));
    const each = pointsForAction('addLocation') + pointsForAction('locationDescription');
    expect(await pointsOf(parent)).toBe(before + PARALLEL_PLACES * each);
  }, 60_000);

  it(`${PARALLEL_PHOTOS} parallel photos all succeed and each earns its points`, async () => {
    const before = await pointsOf(parent);
    const png = await smallPng();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL_PHOTOS }, () => {
        const body = multipartPhoto(png);
        return app.inject({
          method: 'POST',
          url: `/api/locations/${locationId}/photos`,
          headers: { ...parent.headers, 'content-type': body.contentType },
          payload: body.payload,
        });
      }),
    );
    expect(statusesOf(responses)).toEqual(responses.map(() => 'ok'));
    expect(await pointsOf(parent)).toBe(before + PARALLEL_PHOTOS * pointsForAction('locationImage'));
  }, 60_000);

  it('writes stuck behind a lock hold at most two connections per person: signed-out reads keep answering', async ({
    skip,
  }) => {
    // PGlite has one connection: the lock below would stop it for everyone by design.
    if (database().backend !== 'postgres') skip();
    const flooder = await signInAs(app, 'flooding_parent');
    // Someone else's long transaction holds the place's row, so every comment on it waits
    // (the comment count is on that row). Without a per-person limit, 30 waiting comments
    // took every pooled connection and reads queued behind them until the lock went.
    const lock = Promise.withResolvers<undefined>();
    const taken = Promise.withResolvers<undefined>();
    const releaseLock = () => {
      lock.resolve(undefined);
    };
    const holder = database().db.transaction(async (tx) => {
      await tx.execute(sql`select id from locations where id = ${locationId} for no key update`);
      taken.resolve(undefined);
      await lock.promise;
    });
    await taken.promise;
    const safetyValve = setTimeout(releaseLock, 5_000);
    try {
      const flood = Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          app.inject({
            method: 'POST',
            url: `/api/locations/${locationId}/comments`,
            headers: flooder.headers,
            payload: { text: `Flood ${index}` },
          }),
        ),
      );
      // Give the flood time to reach the database before reading.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const readStartedAt = performance.now();
      const [health, nearby] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/health' }),
        app.inject({ method: 'GET', url: '/api/locations?lat=-36.8597&lng=174.7752&radiusKm=5' }),
      ]);
      const readMs = performance.now() - readStartedAt;
      releaseLock();
      const floodResponses = await flood;
      expect([health.statusCode, nearby.statusCode]).toEqual([200, 200]);
      expect(readMs).toBeLessThan(1_000);
      // The flood was queued, not refused, and went through once the lock was gone.
      expect(statusesOf(floodResponses)).toEqual(floodResponses.map(() => 'ok'));
    } finally {
      clearTimeout(safetyValve);
      releaseLock();
      await holder;
    }
  }, 60_000);

  it('mixed parallel writes on one place by two people keep every count exact', async () => {
    const other = await signInAs(app, 'second_parent');
    const [parentBefore, otherBefore] = [await pointsOf(parent), await pointsOf(other)];
    const writes = Array.from({ length: 12 }, (_, index) => {
      const person = index % 2 === 0 ? parent : other;
      return index % 3 === 0
        ? app.inject({
            method: 'PUT',
            url: `/api/locations/${locationId}/vote`,
            headers: person.headers,
            payload: { vote: index % 4 === 0 ? 'up' : 'down' },
          })
        : app.inject({
            method: 'POST',
            url: `/api/locations/${locationId}/comments`,
            headers: person.headers,
            payload: { text: `Mixed ${index}` },
          });
    });
    const responses = await Promise.all(writes);
    expect(statusesOf(responses)).toEqual(responses.map(() => 'ok'));
    // 8 of the 12 are comments, 4 by each person; votes earn nothing.
    expect(await pointsOf(parent)).toBe(parentBefore + 4 * pointsForAction('comment'));
    expect(await pointsOf(other)).toBe(otherBefore + 4 * pointsForAction('comment'));
  }, 60_000);
});
