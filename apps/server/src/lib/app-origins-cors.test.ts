import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { describeEachBackend } from '../../test/database.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../test/sign-in.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';

const IOS = 'capacitor://localhost';
const ANDROID = 'https://localhost';
const APP_ORIGINS = [IOS, ANDROID];
const FOREIGN = 'https://evil.example';

/** What a WebView adds to a cross-origin fetch from the app. */
const fromApp = (origin: string) => ({ origin, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' });

const preflight = (origin: string, method = 'PUT') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'authorization, content-type',
});

const corsHeadersOf = (response: LightMyRequestResponse) =>
  Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));

const varyOf = (response: LightMyRequestResponse) =>
  (response.headers.vary ?? '').split(',').map((value) => value.trim().toLowerCase());

/** The session token itself, as the native sign-in hands it to the app. */
const bearerOf = (user: SignedInTestUser) => `Bearer ${user.cookie.split('=')[1] ?? ''}`;

describeEachBackend('CORS for the native apps (APP_ORIGINS)', (database) => {
  let app: FastifyInstance;
  let ana: SignedInTestUser;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      appOrigins: APP_ORIGINS,
    });
    ana = await signInAs(app, 'Cors.Ana');
  });
  afterAll(async () => {
    await app.close();
  });

  describe.each(APP_ORIGINS)('from %s', (origin) => {
    it.each(['/api/me/user-name', '/api/locations', '/api/no-such-route'])(
      'answers a preflight for %s with 204 and the allowed methods and headers, never credentials',
      async (url) => {
        const response = await app.inject({ method: 'OPTIONS', url, headers: preflight(origin) });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect(response.headers).toMatchObject({
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': 'authorization, content-type, accept',
          'access-control-max-age': '600',
        });
        expect(varyOf(response)).toContain('origin');
        expect(response.headers).not.toHaveProperty('access-control-allow-credentials');
      },
    );

    it('lets an anonymous read through with its origin allowed and Retry-After and ETag exposed', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/locations', headers: fromApp(origin) });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'Retry-After, ETag',
      });
      expect(varyOf(response)).toContain('origin');
      expect(response.headers).not.toHaveProperty('access-control-allow-credentials');
    });

    it('lets the native sign-in start: an anonymous public write needs no same-site proof', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/nonce', headers: fromApp(origin) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    });
  });

  it('accepts a write authenticated by its bearer token from https://localhost', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: { ...fromApp(ANDROID), authorization: bearerOf(ana) },
      payload: { userName: 'Cors.Ana2' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userName: 'Cors.Ana2' });
    expect(response.headers['access-control-allow-origin']).toBe(ANDROID);
    expect(response.headers).not.toHaveProperty('access-control-allow-credentials');
    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...fromApp(IOS), authorization: bearerOf(ana) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  describe.each(APP_ORIGINS)('a session cookie sent from %s', (origin) => {
    it('does not sign a read in: it is anonymous', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { ...fromApp(origin), cookie: ana.cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'Please sign in to do this.' },
      });
      // Errors carry the CORS headers too, or the app could not read why it was refused.
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    });

    it('does not sign a write in either', async () => {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/me/user-name',
        headers: { ...fromApp(origin), cookie: ana.cookie },
        payload: { userName: 'Cookie.Rider' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('unauthenticated');
    });
  });

  it('gives another origin no CORS headers, on a preflight (404 as before) or a request', async () => {
    const options = await app.inject({
      method: 'OPTIONS',
      url: '/api/me/user-name',
      headers: preflight(FOREIGN),
    });
    expect(options.statusCode).toBe(404);
    expect(options.json<{ error: { code: string } }>().error.code).toBe('not_found');
    expect(corsHeadersOf(options)).toEqual([]);
    const read = await app.inject({ method: 'GET', url: '/api/locations', headers: { origin: FOREIGN } });
    expect(read.statusCode).toBe(200);
    expect(corsHeadersOf(read)).toEqual([]);
    // A shared cache must still keep answers to the apps apart from this one.
    expect(varyOf(read)).toContain('origin');
  });

  it('leaves the web app as it was: same-origin, signed in by its cookie', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: ana.headers });
    expect(me.statusCode).toBe(200);
    expect(corsHeadersOf(me)).toEqual([]);
    const write = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: { ...SAME_ORIGIN, cookie: ana.cookie },
      payload: { userName: 'Cors.Ana3' },
    });
    expect(write.statusCode).toBe(200);
  });

  it('adds nothing outside /api', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/.well-known/assetlinks.json',
      headers: preflight(IOS, 'GET'),
    });
    expect(response.statusCode).toBe(404);
    expect(corsHeadersOf(response)).toEqual([]);
  });
});

describeEachBackend('APP_ORIGINS empty: no CORS', (database) => {
  let app: FastifyInstance;
  let ben: SignedInTestUser;
  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      appOrigins: [],
    });
    ben = await signInAs(app, 'Cors.Ben');
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers no preflight and adds no CORS headers for the app origins', async () => {
    const options = await app.inject({ method: 'OPTIONS', url: '/api/locations', headers: preflight(IOS) });
    expect(options.statusCode).toBe(404);
    expect(corsHeadersOf(options)).toEqual([]);
    const read = await app.inject({ method: 'GET', url: '/api/locations', headers: fromApp(ANDROID) });
    expect(read.statusCode).toBe(200);
    expect(corsHeadersOf(read)).toEqual([]);
    expect(varyOf(read)).not.toContain('origin');
  });

  it('treats those origins like any other site: a cookie write from them is refused as cross-site', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/user-name',
      headers: { origin: IOS, cookie: ben.cookie },
      payload: { userName: 'Cors.Ben2' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a busy server, seen from the app', () => {
  it('lets the app read the 503 and when to try again', async () => {
    const app = await buildApp({
      // Refused before anything is read: a database that is never queried suffices.
      database: { connections: 1 } as DatabaseHandle,
      mapIndex: false,
      storage: testStorage(),
      auth: testAuthConfig(),
      appOrigins: APP_ORIGINS,
      writeAdmission: { perKey: 0, total: 0, queuePerKey: 0, queue: 0 },
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/auth/nonce', headers: fromApp(IOS) });
      expect(response.statusCode).toBe(503);
      expect(response.headers).toMatchObject({
        'retry-after': '2',
        'access-control-allow-origin': IOS,
        'access-control-expose-headers': 'Retry-After, ETag',
      });
    } finally {
      await app.close();
    }
  });
});
