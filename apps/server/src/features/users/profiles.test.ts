/** Profiles: a person's public page and their own list of contributions (spec §1, §9). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface Profile {
  userName: string;
  points: number;
  level: number;
  addedLocations: { id: string; name: string; createdAt: string }[];
  comments: { id: string; text: string; location: { id: string; name: string }; createdAt: string }[];
  visits?: { location: { id: string; name: string }; visitedAt: string }[];
  counts: Record<string, number>;
}

describeEachBackend('profiles', (database) => {
  let app: FastifyInstance;
  let maya: SignedInTestUser;
  let noah: SignedInTestUser;
  let park: { id: string };
  let library: { id: string };

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    maya = await signInAs(app, 'Maya');
    noah = await signInAs(app, 'Noah');
    park = await addPlace(app, maya, { name: 'Cornwall Park Playground', description: 'Big slides' });
    library = await addPlace(app, maya, { name: 'Library Play Corner', indoor: true });
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${library.id}/comments`,
      headers: noah.headers,
      payload: { text: 'Quiet on weekday mornings' },
    });
    expect(comment.statusCode).toBe(201);
    const visit = await app.inject({
      method: 'POST',
      url: `/api/locations/${park.id}/visits`,
      headers: noah.headers,
      // At the place (the fixtures' default spot): a visit needs the device there.
      payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 10 },
    });
    expect(visit.statusCode).toBe(201);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, user?: SignedInTestUser) =>
    app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

  it("shows anyone a person's points, level and the places they added, newest first", async () => {
    const response = await get('/api/users/maya');
    expect(response.statusCode).toBe(200);
    const profile = response.json<Profile>();
    // Two places (+100 each) and one description (+100).
    expect(profile).toMatchObject({ userName: 'Maya', points: 300, level: 3 });
    expect(profile.addedLocations.map((place) => place.name)).toEqual([
      'Library Play Corner',
      'Cornwall Park Playground',
    ]);
    expect(profile.addedLocations[0]?.id).toBe(library.id);
    expect(profile.comments).toEqual([]);
    expect(profile.counts).toEqual({ locations: 2, comments: 0 });
  });

  it("lists a person's comments with the place they are about, and keeps their visits private", async () => {
    const profile = (await get('/api/users/Noah', maya)).json<Profile>();
    expect(profile.comments).toEqual([
      {
        id: expect.any(String) as unknown,
        text: 'Quiet on weekday mornings',
        location: { id: library.id, name: 'Library Play Corner' },
        createdAt: expect.any(String) as unknown,
      },
    ]);
    expect(profile).not.toHaveProperty('visits');
    expect(profile.addedLocations).toEqual([]);
  });

  it('never shows an email or a user id', async () => {
    const body = (await get('/api/users/noah')).body;
    expect(body).not.toMatch(/@|"email"|"userId"|"createdByUserId"/u);
  });

  it("answers 404 'User not found' for an unknown user name", async () => {
    const response = await get('/api/users/nobody_at_all');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'User not found' } });
  });

  it('refuses a user name longer than any name can be (Fastify: URI too long)', async () => {
    const response = await get(`/api/users/${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(414);
  });

  it('refuses an unknown query field on a profile', async () => {
    const response = await get('/api/users/maya?debug=1');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('shows the signed-in person their places, comments and visits', async () => {
    const response = await get('/api/me/contributions', noah);
    expect(response.statusCode).toBe(200);
    const mine = response.json<Profile>();
    expect(mine.visits).toEqual([
      {
        location: { id: park.id, name: 'Cornwall Park Playground' },
        visitedAt: expect.any(String) as unknown,
      },
    ]);
    expect(mine.comments.map((comment) => comment.location.name)).toEqual(['Library Play Corner']);
    expect(mine.addedLocations).toEqual([]);
    expect(mine.counts).toEqual({ locations: 0, comments: 1, visits: 1 });

    const hers = (await get('/api/me/contributions', maya)).json<Profile>();
    expect(hers.addedLocations.map((place) => place.id)).toEqual([library.id, park.id]);
    expect(hers.visits).toEqual([]);
  });

  it('asks anonymous callers to sign in for their contributions', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/contributions', headers: SAME_ORIGIN });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unknown query field on the contributions', async () => {
    const response = await get('/api/me/contributions?userId=someone-else', noah);
    expect(response.statusCode).toBe(400);
  });

  it("reflects a name change on the person's public page", async () => {
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: maya.headers,
      payload: { userName: 'Maya_K' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get('/api/users/maya')).statusCode).toBe(404);
    const profile = (await get('/api/users/maya_k')).json<Profile>();
    expect(profile.counts.locations).toBe(2);
  });
});
