import { destinationPoint } from '@playspot/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

/** A reading `metres` north of the Auckland test place, with its accuracy. */
const readingAt = (metres: number, accuracy: number) => {
  const at = destinationPoint(AUCKLAND, 0, metres / 1000);
  return { lat: at.lat, lng: at.lng, accuracy };
};
const LUEBECK = { lat: 53.8655, lng: 10.6866, accuracy: 15 };

describeEachBackend('visits need the device at the place', (database) => {
  let app: FastifyInstance;
  let visitor: SignedInTestUser;
  let owner: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    owner = await signInAs(app, 'VisitOwner');
    visitor = await signInAs(app, 'VisitFar');
  });
  afterAll(async () => {
    await app.close();
  });

  const visit = (
    id: string,
    payload: Record<string, unknown> | undefined,
    user = visitor,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url: `/api/locations/${id}/visits`, headers: user.headers, payload });
  const visitCount = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/locations/${id}` })).json<{ visitCount: number }>()
      .visitCount;

  it('refuses a visit from the other side of the world with a message saying how far, and counts nothing', async () => {
    const { id } = await addPlace(app, owner);
    const far = await visit(id, LUEBECK);
    expect(far.statusCode).toBe(422);
    expect(far.json()).toEqual({
      error: {
        code: 'not_at_the_place',
        message: 'You need to be at the place to log a visit — you are 17 764 km away.',
      },
    });
    expect(await visitCount(id)).toBe(0);
  });

  it('accepts a visit within 300 m plus the accuracy, and refuses one just beyond', async () => {
    const { id } = await addPlace(app, owner);
    expect((await visit(id, readingAt(420, 150))).statusCode).toBe(201);
    const { id: other } = await addPlace(app, owner);
    const beyond = await visit(other, readingAt(420, 100));
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json<{ error: { message: string } }>().error.message).toBe(
      'You need to be at the place to log a visit — you are 420 m away.',
    );
    // A vague reading does not stretch the allowance past 300 + 200 m.
    expect((await visit(other, readingAt(520, 10_000))).statusCode).toBe(422);
    expect(await visitCount(id)).toBe(1);
    expect(await visitCount(other)).toBe(0);
  });

  it.each([
    ['no reading', undefined],
    ['no accuracy', { lat: AUCKLAND.lat, lng: AUCKLAND.lng }],
    ['a latitude off the globe', { lat: 91, lng: 0, accuracy: 5 }],
    ['a negative accuracy', { ...readingAt(0, 5), accuracy: -1 }],
    ['a string for a number', { ...readingAt(0, 5), lat: '-36.85' }],
    ['an unknown field', { ...readingAt(0, 5), altitude: 12 }],
  ])('answers 400 for %s', async (_, payload) => {
    const { id } = await addPlace(app, owner);
    const response = await visit(id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('still answers 404 for a place that does not exist and 409 for a second visit within the hour', async () => {
    const missing = await visit('00000000-0000-4000-8000-000000000000', readingAt(0, 5));
    expect(missing.statusCode).toBe(404);
    const { id } = await addPlace(app, owner);
    expect((await visit(id, readingAt(0, 5), owner)).statusCode).toBe(201);
    expect((await visit(id, readingAt(10, 5), owner)).statusCode).toBe(409);
  });
  it('counts up votes on the place and its tags by parents who visited this month, naming nobody', async () => {
    // Free-form tags: a tag that states a fact (Shade, Toilets) is a fact answer, not a tag.
    const { id } = await addPlace(app, owner, { tags: ['Duck pond', 'Coffee cart'] });
    const trusted = async () =>
      (await app.inject({ url: `/api/locations/${id}` })).json<{
        verifiedUpVotes: { place: number; tags: Record<string, number> };
      }>().verifiedUpVotes;
    const put = (user: SignedInTestUser, url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/locations/${id}/${url}`, headers: user.headers, payload });
    // The owner's own tags carry their up votes, but the owner never visited.
    expect(await trusted()).toEqual({ place: 0, tags: {} });
    expect((await put(visitor, 'vote', { vote: 'up' })).statusCode).toBe(200);
    expect(await trusted()).toEqual({ place: 0, tags: {} });
    expect((await visit(id, readingAt(20, 10))).statusCode).toBe(201);
    expect((await put(visitor, 'tag-votes', { tag: 'Coffee cart', vote: 'up' })).statusCode).toBe(200);
    expect(await trusted()).toEqual({ place: 1, tags: { 'Coffee cart': 1 } });
    // A visit older than a month verifies nothing.
    await database().query(
      sql`update visits set visited_at = now() - interval '31 days' where location_id = ${id}`,
    );
    expect(await trusted()).toEqual({ place: 0, tags: {} });
  });
});

describeEachBackend('a visit answers with its own time', (database) => {
  let app: FastifyInstance;
  let clock = new Date('2026-05-02T09:15:00.000Z');

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("never answers with someone else's exact visit time (two visits committing out of order)", async () => {
    const owner = await signInAs(app, 'OrderOwner');
    const [early, late] = [await signInAs(app, 'EarlyVisitor'), await signInAs(app, 'LateVisitor')];
    const { id } = await addPlace(app, owner);
    const visitAt = (user: SignedInTestUser, at: string) => {
      clock = new Date(at);
      return app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: user.headers,
        payload: readingAt(0, 5),
      });
    };
    // The later visit lands first, as it may when the earlier one's transaction is slower.
    const first = await visitAt(late, '2026-05-02T10:42:17.123Z');
    const second = await visitAt(early, '2026-05-02T10:41:05.456Z');
    expect(first.json()).toEqual({ visitCount: 1, lastVisitedAt: '2026-05-02T10:42:17.123Z' });
    // Its own time, not the later visitor's to the millisecond.
    expect(second.json()).toEqual({ visitCount: 2, lastVisitedAt: '2026-05-02T10:41:05.456Z' });
  });
});

describeEachBackend('one visit per person and place in any 60 minutes', (database) => {
  let app: FastifyInstance;
  let owner: SignedInTestUser;
  let clock = new Date('2026-05-02T09:00:00.000Z');
  /** How far each reading moves the clock on (0: it stands still). */
  let clockStepMs = 0;

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => {
        const at = clock;
        clock = new Date(clock.getTime() + clockStepMs);
        return at;
      },
    });
    owner = await signInAs(app, 'WindowOwner');
  });
  afterAll(async () => {
    await app.close();
  });

  const visitAt = (id: string, user: SignedInTestUser, at: string) => {
    clock = new Date(at);
    return app.inject({
      method: 'POST',
      url: `/api/locations/${id}/visits`,
      headers: user.headers,
      payload: readingAt(0, 5),
    });
  };
  const visitCount = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/locations/${id}` })).json<{ visitCount: number }>()
      .visitCount;

  it('refuses a visit at 11:00 after one at 10:59, though the clock hour turned', async () => {
    const visitor = await signInAs(app, 'HourTurner');
    const { id } = await addPlace(app, owner);
    expect((await visitAt(id, visitor, '2026-05-02T10:59:00.000Z')).statusCode).toBe(201);
    const again = await visitAt(id, visitor, '2026-05-02T11:00:00.000Z');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'visit_already_logged', message: 'You already logged a visit here in the last hour.' },
    });
    expect(await visitCount(id)).toBe(1);
  });

  it('refuses a visit 59 minutes after the last and accepts one 61 minutes after', async () => {
    const visitor = await signInAs(app, 'WindowVisitor');
    const { id } = await addPlace(app, owner);
    expect((await visitAt(id, visitor, '2026-05-02T10:30:00.000Z')).statusCode).toBe(201);
    expect((await visitAt(id, visitor, '2026-05-02T11:29:00.000Z')).statusCode).toBe(409);
    const later = await visitAt(id, visitor, '2026-05-02T11:31:00.000Z');
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({ visitCount: 2, lastVisitedAt: '2026-05-02T11:31:00.000Z' });
  });

  it('counts from the last logged visit: a refused one does not start the hour again', async () => {
    const visitor = await signInAs(app, 'RefusedVisitor');
    const { id } = await addPlace(app, owner);
    expect((await visitAt(id, visitor, '2026-05-02T13:00:00.000Z')).statusCode).toBe(201);
    expect((await visitAt(id, visitor, '2026-05-02T13:50:00.000Z')).statusCode).toBe(409);
    expect((await visitAt(id, visitor, '2026-05-02T14:00:00.000Z')).statusCode).toBe(201);
    expect(await visitCount(id)).toBe(2);
  });

  it('is per person and per place: others, and other places, are not held back', async () => {
    const [first, second] = [await signInAs(app, 'FirstParent'), await signInAs(app, 'SecondParent')];
    const [{ id: here }, { id: nextDoor }] = [await addPlace(app, owner), await addPlace(app, owner)];
    expect((await visitAt(here, first, '2026-05-02T15:00:00.000Z')).statusCode).toBe(201);
    expect((await visitAt(here, second, '2026-05-02T15:01:00.000Z')).statusCode).toBe(201);
    expect((await visitAt(nextDoor, first, '2026-05-02T15:02:00.000Z')).statusCode).toBe(201);
    expect(await visitCount(here)).toBe(2);
  });

  it('of a double (and ten-fold) tap at the same moment, exactly one visit counts', async () => {
    const tapper = await signInAs(app, 'DoubleTapper');
    const { id } = await addPlace(app, owner);
    clock = new Date('2026-05-02T16:00:00.000Z');
    const tap = () =>
      app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: tapper.headers,
        payload: readingAt(0, 5),
      });
    const responses = await Promise.all(Array.from({ length: 10 }, tap));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    expect(await visitCount(id)).toBe(1);
  }, 30_000);

  it('of two taps racing each other across the turn of the hour (16:59 and 17:00), exactly one counts', async () => {
    const [prober, tapper] = [await signInAs(app, 'ClockProber'), await signInAs(app, 'RacingTapper')];
    const [{ id: probed }, { id }] = [await addPlace(app, owner), await addPlace(app, owner)];
    const tap = (user: SignedInTestUser, place: string) =>
      app.inject({
        method: 'POST',
        url: `/api/locations/${place}/visits`,
        headers: user.headers,
        payload: readingAt(0, 5),
      });
    // Every reading of the clock is a second later. A probe counts the readings one visit
    // request makes; the visit's own is its last.
    clockStepMs = 1_000;
    try {
      clock = new Date('2026-05-02T12:00:00.000Z');
      const probe = await tap(prober, probed);
      const readsPerVisit = (clock.getTime() - Date.parse('2026-05-02T12:00:00.000Z')) / clockStepMs;
      expect(probe.json<{ lastVisitedAt: string }>().lastVisitedAt).toBe(
        new Date(clock.getTime() - clockStepMs).toISOString(),
      );
      // The last of the two requests' readings is 17:00:00 exactly: the visit of whichever tap
      // takes the place second. The first tap's visit read the clock before, at 16:59:xx.
      const start = Date.parse('2026-05-02T17:00:00.000Z') - (2 * readsPerVisit - 1) * clockStepMs;
      clock = new Date(start);
      const responses = await Promise.all([tap(tapper, id), tap(tapper, id)]);
      expect(clock.getTime()).toBe(Date.parse('2026-05-02T17:00:01.000Z'));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const counted = responses.find((response) => response.statusCode === 201);
      expect(counted?.json<{ lastVisitedAt: string }>().lastVisitedAt).toMatch(/^2026-05-02T16:59:/);
    } finally {
      clockStepMs = 0;
    }
    expect(await visitCount(id)).toBe(1);
  }, 30_000);
});
