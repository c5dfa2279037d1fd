/** My places (issue 18): save with one tap, listed nearest first, private to each parent. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface Favourite {
  id: string;
  name: string;
  distanceKm?: number;
  savedAt: string;
}

describeEachBackend('favourites (My places)', (database) => {
  let app: FastifyInstance;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  const places: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    mum = await signInAs(app, 'Mum_Saver');
    dad = await signInAs(app, 'Dad_Saver');
    // About 1, 5 and 12 km north of the Auckland Domain.
    for (const [name, km] of [
      ['Near Swings', 1],
      ['Middle Slide', 5],
      ['Far Fort', 12],
    ] as const) {
      places[name] = (await addPlace(app, mum, { name, latitude: AUCKLAND.lat + km / 111.2 })).id;
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const save = (user: SignedInTestUser, id: string) =>
    app.inject({ method: 'PUT', url: `/api/me/favourites/${id}`, headers: user.headers });
  const unsave = (user: SignedInTestUser, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/me/favourites/${id}`, headers: user.headers });
  const list = async (user: SignedInTestUser, query = '') => {
    const response = await app.inject({ url: `/api/me/favourites${query}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Favourite[] }>().items;
  };

  it('saves places (twice is once) and lists them nearest first, with distances', async () => {
    for (const name of ['Far Fort', 'Near Swings', 'Middle Slide', 'Near Swings']) {
      const response = await save(mum, places[name] ?? '');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ saved: true });
    }
    const nearest = await list(mum, `?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}`);
    expect(nearest.map((item) => item.name)).toEqual(['Near Swings', 'Middle Slide', 'Far Fort']);
    expect(nearest[0]?.distanceKm).toBeCloseTo(1, 1);
    expect(nearest[2]?.distanceKm).toBeCloseTo(12, 1);
    // Without a position: the newest saved first, no distances.
    const newest = await list(mum);
    expect(newest.map((item) => item.name)).toEqual(['Middle Slide', 'Near Swings', 'Far Fort']);
    expect(newest[0]?.distanceKm).toBeUndefined();
  });

  it('takes a double tap and a save racing a removal without an error (parallel on PostgreSQL)', async () => {
    const id = places['Near Swings'] ?? '';
    const taps = await Promise.all([
      save(dad, id),
      save(dad, id),
      save(dad, id),
      unsave(dad, id),
      save(dad, id),
    ]);
    expect(taps.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const listed = (await list(dad)).filter((item) => item.id === id);
    expect(listed.length).toBeLessThanOrEqual(1);
    await unsave(dad, id);
    expect(await list(dad)).toEqual([]);
  });

  it('keeps each parent’s places to themselves', async () => {
    expect(await list(dad)).toEqual([]);
    await save(dad, places['Middle Slide'] ?? '');
    expect((await list(dad)).map((item) => item.name)).toEqual(['Middle Slide']);
    expect(await list(mum)).toHaveLength(3);
  });

  it('removes a place (twice is once), and forgets places that were deleted', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await unsave(mum, places['Far Fort'] ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ saved: false });
    }
    expect((await list(mum)).map((item) => item.name)).toEqual(['Middle Slide', 'Near Swings']);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${places['Middle Slide'] ?? ''}`,
      headers: mum.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list(mum)).map((item) => item.name)).toEqual(['Near Swings']);
    expect(await list(dad)).toEqual([]);
  });

  it('answers 404 for a place that does not exist, 401 signed out, 400 for bad input', async () => {
    const missing = await save(mum, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    for (const response of [
      await app.inject({ method: 'PUT', url: `/api/me/favourites/${places['Near Swings'] ?? ''}` }),
      await app.inject({ method: 'DELETE', url: `/api/me/favourites/${places['Near Swings'] ?? ''}` }),
      await app.inject({ url: '/api/me/favourites' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) as unknown } });
    }
    for (const url of [
      '/api/me/favourites?lat=200&lng=0',
      '/api/me/favourites?lat=1',
      '/api/me/favourites?lat=1&lng=2&radiusKm=3',
    ]) {
      const response = await app.inject({ url, headers: mum.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const badId = await save(mum, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
  });
});
