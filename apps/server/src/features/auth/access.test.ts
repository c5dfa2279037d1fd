import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { SAME_ORIGIN, setRole, signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RouteAccess } from '../../lib/access.ts';

/** What each role gets from a route declaring each access level. */
const matrix: [RouteAccess, Record<'anonymous' | 'basic' | 'moderator' | 'admin', number>][] = [
  ['public', { anonymous: 200, basic: 200, moderator: 200, admin: 200 }],
  ['signedIn', { anonymous: 401, basic: 200, moderator: 200, admin: 200 }],
  [{ role: 'moderator' }, { anonymous: 401, basic: 403, moderator: 200, admin: 200 }],
  [{ role: 'admin' }, { anonymous: 401, basic: 403, moderator: 403, admin: 200 }],
];

describe('route access declarations', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const headers: Record<string, Record<string, string>> = { anonymous: SAME_ORIGIN };

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    app = await buildApp({ database: handle, storage: testStorage(), auth: testAuthConfig() });
    matrix.forEach(([access], index) => {
      app.post(
        `/api/test-access/${index}`,
        { config: { access }, schema: { operationId: `testAccess${index}` } },
        async () => ({ ok: true }),
      );
    });
    for (const role of ['basic', 'moderator', 'admin'] as const) {
      const user = await signInAs(app, `role_${role}`);
      await setRole(handle, user.userName, role);
      headers[role] = user.headers;
    }
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it.each(
    matrix.flatMap(([access, outcomes], index) =>
      Object.entries(outcomes).map(([who, status]) => [JSON.stringify(access), who, status, index] as const),
    ),
  )('%s route, %s caller → %i', async (_access, who, status, index) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/test-access/${index}`,
      headers: headers[who],
    });
    expect(response.statusCode).toBe(status);
    if (status !== 200) {
      expect(response.json<{ error: { code: string } }>().error.code).toBe(
        status === 401 ? 'unauthenticated' : 'forbidden',
      );
    }
  });
});

describe('development sign-in in production', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const previous = process.env.NODE_ENV;

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    // Even a configuration that asks for it cannot open it when NODE_ENV is production.
    app = await buildApp({
      database: handle,
      storage: testStorage(),
      auth: testAuthConfig({ devSignIn: true }),
    });
    process.env.NODE_ENV = 'production';
  });
  afterAll(async () => {
    process.env.NODE_ENV = previous;
    await app.close();
    await handle.close();
  });

  it('is not there', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/development/sign-in',
      headers: SAME_ORIGIN,
      payload: { userName: 'Mallory' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.cookies).toEqual([]);
  });
});

describe('sign-in rate limit', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    app = await buildApp({ database: handle, storage: testStorage(), auth: testAuthConfig() });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const attempt = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/nonce', remoteAddress, headers });

  it('slows down one address after 20 attempts a minute, with the API error shape', async () => {
    for (let i = 0; i < 20; i++) expect((await attempt('192.0.2.7')).statusCode).toBe(200);
    const limited = await attempt('192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('rate_limited');
    expect((await attempt('192.0.2.8')).statusCode).toBe(200);
  });

  it('does not let a client choose its address with X-Forwarded-For', async () => {
    for (let i = 0; i < 20; i++) await attempt('192.0.2.9', { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await attempt('192.0.2.9', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
  });
});
