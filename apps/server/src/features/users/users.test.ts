import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

describeEachBackend('users', (database) => {
  let app: FastifyInstance;
  let ana: SignedInTestUser;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    ana = await signInAs(app, 'Ana');
    await signInAs(app, 'Taken_Name');
  });
  afterAll(async () => {
    await app.close();
  });

  const changeName = (user: SignedInTestUser, userName: unknown) =>
    app.inject({ method: 'PUT', url: '/api/me/user-name', headers: user.headers, payload: { userName } });

  it('lets a member change their user name', async () => {
    const response = await changeName(ana, 'Ana.M');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userName: 'Ana.M' });
    const profile = await app.inject({ method: 'GET', url: '/api/users/ana.m' });
    expect(profile.json()).toMatchObject({ userName: 'Ana.M' });
  });

  it('refuses a name taken by someone else, whatever its case', async () => {
    const response = await changeName(ana, 'taken_name');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'user_name_taken',
        message: 'The user name taken_name is taken. Please choose another.',
      },
    });
  });

  it.each([
    ['too short', 'ab', 'at least 3'],
    ['too long', 'a'.repeat(31), 'at most 30'],
    ['with a space', 'ana maria', 'can only contain'],
    ['not a string', 42, 'expected string'],
  ])('refuses a name %s', async (_case, userName, fragment) => {
    const response = await changeName(ana, userName);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message.toLowerCase()).toContain(fragment.toLowerCase());
  });

  it('refuses unknown fields', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: ana.headers,
      payload: { userName: 'Ana.N', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('requires sign-in to change a name', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: SAME_ORIGIN,
      payload: { userName: 'Nobody' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a free name', 'Fresh_Name', undefined, { available: true, reason: null }],
    ['a taken name in another case', 'TAKEN_NAME', undefined, { available: false, reason: 'taken' }],
    ['an invalid name', 'a b', undefined, { available: false, reason: 'invalid_characters' }],
    ['a too short name', 'ab', undefined, { available: false, reason: 'too_short' }],
    ['your own name', 'ana.m', 'own', { available: true, reason: null }],
  ])('reports availability of %s', async (_case, userName, who, expected) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user-names/availability?userName=${encodeURIComponent(userName)}`,
      headers: who === 'own' ? ana.headers : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(expected);
  });

  it('shows a public profile without email or id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/Taken_Name' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'addedLocations',
        'comments',
        'counts',
        'createdAt',
        'displayName',
        'level',
        'photoURL',
        'points',
        'role',
        'userName',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain('@');
  });

  it("answers 404 'User not found' for an unknown user", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/nobody_here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'User not found' } });
  });

  it('reports points, level and progress to the next level', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/points', headers: ana.headers });
    expect(response.json()).toEqual({ points: 0, level: 1, pointsToNextLevel: 100, levelProgress: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/me/points' })).statusCode).toBe(401);
  });
});
