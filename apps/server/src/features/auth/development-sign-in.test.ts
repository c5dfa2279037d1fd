import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';

describeEachBackend('development sign-in and sessions', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
  });
  afterAll(async () => {
    await app.close();
  });

  const analyticsOf = async (userName: string) =>
    database().query<{ name: string }>(
      sql`select a.name from analytics_events a join users u on u.id = a.user_id
          where u.user_name = ${userName} order by a.id`,
    );

  it('creates the user with role basic, level 1, 0 points, and a session cookie', async () => {
    const ana = await signInAs(app, 'Ana');
    expect(ana.cookie).toMatch(/^playspot_session=[A-Za-z0-9_-]{43}$/);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: ana.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userName: 'Ana',
      role: 'basic',
      level: 1,
      points: 0,
      leveledUp: false,
    });
    expect(await analyticsOf('Ana')).toEqual([{ name: 'user_signup' }]);
  });

  it('sets an httpOnly, SameSite=Lax cookie and stores only a hash of the token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/development/sign-in',
      headers: SAME_ORIGIN,
      payload: { userName: 'Cookie.Check' },
    });
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await database().query<{ token_hash: string }>(sql`select token_hash from sessions`);
    expect(stored.map((row) => row.token_hash)).not.toContain(cookie?.value);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('signs the same person in again with a new token and records user_login', async () => {
    const first = await signInAs(app, 'Ben');
    const second = await signInAs(app, 'ben');
    expect(second.cookie).not.toBe(first.cookie);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: second.headers });
    expect(me.json<{ userName: string }>().userName).toBe('Ben');
    expect(await analyticsOf('Ben')).toEqual([{ name: 'user_signup' }, { name: 'user_login' }]);
  });

  it('ends the session on sign-out: the cookie no longer works', async () => {
    const cara = await signInAs(app, 'Cara');
    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: cara.headers });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/me', headers: cara.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Your session has ended. Please sign in again.' },
    });
    expect((await analyticsOf('Cara')).map((row) => row.name)).toContain('user_logout');
  });

  it.each([
    ['no credentials', {}, 'Please sign in to do this.'],
    [
      'a tampered cookie',
      { cookie: 'playspot_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      'Your session has ended. Please sign in again.',
    ],
    [
      'a malformed bearer header',
      { authorization: 'Token abc' },
      'The Authorization header must be "Bearer <token>".',
    ],
    [
      'an unknown bearer token',
      { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      'Your session has ended. Please sign in again.',
    ],
  ])('answers 401 to %s', async (_case, headers, message) => {
    const response = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthenticated', message } });
  });

  it('accepts the session token as a bearer token (native app)', async () => {
    const dan = await signInAs(app, 'Dan');
    const token = dan.cookie.split('=')[1] ?? '';
    const response = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a cross-site Fetch-Metadata header', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (other subdomain) request', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin without Fetch-Metadata', { origin: 'https://evil.example' }],
    ['a cookie without any browser origin header', {}],
  ])('refuses a cookie-authenticated write with %s', async (_case, extraHeaders) => {
    const eve = await signInAs(app, 'Eve');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: { cookie: eve.cookie, ...extraHeaders },
      payload: { userName: 'Eve2' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('forbidden');
  });

  it('refuses a development sign-in posted from another site (login CSRF)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/development/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { userName: 'Victim' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('takes localhost, 127.0.0.1 and [::1] as this server in development, with no PUBLIC_URL (issue 44)', async () => {
    // What `npm run dev` starts with: loadConfig's sign-in settings for PORT 3101 alone.
    const development = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: loadConfig({ INIT_CWD: process.cwd(), PORT: '3101' }).auth,
    });
    try {
      const signIn = (origin: string, userName: string) =>
        development.inject({
          method: 'POST',
          url: '/api/auth/development/sign-in',
          // A script's request or an older browser: Origin only, no Fetch Metadata.
          headers: { origin },
          payload: { userName },
        });
      for (const [origin, userName] of [
        ['http://localhost:3101', 'Loop_Localhost'],
        ['http://127.0.0.1:3101', 'Loop_Four'],
        ['http://[::1]:3101', 'Loop_Six'],
      ] as const) {
        const response = await signIn(origin, userName);
        expect(response.statusCode, `${origin}: ${response.body}`).toBe(200);
      }
      // Another port or host is another site.
      for (const origin of ['http://127.0.0.1:3102', 'http://127.0.0.2:3101', 'https://127.0.0.1:3101']) {
        const response = await signIn(origin, 'Loop_Other');
        expect(response.statusCode, origin).toBe(403);
        expect(response.json<{ error: { code: string } }>().error.code, origin).toBe('forbidden');
      }
    } finally {
      await development.close();
    }
  });

  it.each([
    ['a too short name', { userName: 'ab' }],
    ['a name with spaces', { userName: 'Ana Maria' }],
    ['an unknown field', { userName: 'Fred', role: 'admin' }],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/development/sign-in',
      headers: SAME_ORIGIN,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('ends every session when the account is deleted', async () => {
    const gus = await signInAs(app, 'Gus');
    await database().query(sql`delete from users where user_name = 'Gus'`);
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: gus.headers });
    expect(response.statusCode).toBe(401);
    const [left] = await database().query<{ count: number | string }>(
      sql`select count(*) as count from sessions s left join users u on u.id = s.user_id where u.id is null`,
    );
    expect(Number(left?.count)).toBe(0);
  });
});

describe('session lifetime with a moving clock', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T09:00:00Z');
  const DAY = 24 * 60 * 60 * 1000;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    const { createTestDatabase } = await import('../../../test/database.ts');
    handle = await createTestDatabase('pglite');
    app = await buildApp({
      database: handle,
      storage: testStorage(),
      auth: testAuthConfig({ sessionIdleMs: 2 * DAY, sessionAbsoluteMs: 5 * DAY }),
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('slides with use, ends after idling, and never outlives the absolute lifetime', async () => {
    const me = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode;

    const active = await signInAs(app, 'Active');
    for (let day = 1; day <= 4; day++) {
      advance(DAY);
      expect(await me(active.headers)).toBe(200);
    }
    advance(DAY); // day 5: the absolute end, however active
    expect(await me(active.headers)).toBe(401);

    const idle = await signInAs(app, 'Idle');
    advance(2 * DAY + 1);
    expect(await me(idle.headers)).toBe(401);
  });
});
