/**
 * Input hygiene at the edge (issue 13): text PostgreSQL cannot store, unbounded JSON and
 * forged cursors are refused with a 400 naming the field; unknown query parameters and
 * bodies nobody declared are refused; JSON routes take JSON only; personal answers are
 * never cached; the CSP allows no <base>.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { describeEachBackend } from './database.ts';
import { addPlace } from './places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from './sign-in.ts';

const at = '2026-11-22T10:00:00.000Z';
const cursor = (json: string) => Buffer.from(json).toString('base64url');

interface Answer {
  statusCode: number;
  json(): unknown;
}

function expectRefusal(response: Answer, status: number, code: string, mentions: string): void {
  expect(response.statusCode).toBe(status);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  expect(error.message).toContain(mentions);
}

describeEachBackend('input hygiene at the edge', (database) => {
  let app: FastifyInstance;
  let member: SignedInTestUser;
  let admin: SignedInTestUser;
  let locationId: string;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    member = await signInAs(app, 'Hygiene');
    admin = await signInAs(app, 'HygieneAdmin');
    await setRole(database(), admin.userName, 'admin');
    locationId = (await addPlace(app, member)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('NUL and lone surrogates are refused with a 400 naming the field', () => {
    it.each([
      ['/api/locations/search?q=a%00b', 'q:'],
      ['/api/users/%00', 'userName:'],
      ['/api/user-names/availability?userName=a%00', 'userName:'],
    ])('GET %s', async (url, field) => {
      expectRefusal(await app.inject({ url }), 400, 'validation_failed', field);
    });

    it.each([
      ['NUL', 'a\u0000b'],
      ['a lone surrogate', 'x\uD800'],
    ])('%s in analytics params, signed out', async (_label, bad) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: SAME_ORIGIN,
        payload: { events: [{ name: 'screen_view', params: { screen: bad }, at }] },
      });
      expectRefusal(response, 400, 'validation_failed', 'events.0.params.screen:');
    });

    it.each([
      ['POST', '/api/locations', { name: 'Park\u0000', latitude: -36.8, longitude: 174.7 }, 'name:'],
      ['POST', '/api/removal-requests', { locationId: 'account-deletion', reason: '\uDC00' }, 'reason:'],
    ])('%s %s', async (method, url, payload, field) => {
      const response = await app.inject({ method: method as 'POST', url, headers: member.headers, payload });
      expectRefusal(response, 400, 'validation_failed', field);
    });

    it('in a comment', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/locations/${locationId}/comments`,
        headers: member.headers,
        payload: { text: 'Nice\u0000' },
      });
      expectRefusal(response, 400, 'validation_failed', 'text:');
    });

    it('in a deal extra field, at any depth', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/deals',
        headers: admin.headers,
        payload: { title: 'Deal', extra: { terms: [{ note: '\u0000' }] } },
      });
      expectRefusal(response, 400, 'validation_failed', 'extra.terms.0.note:');
    });
  });

  it('refuses a deal extra nested 5 000 levels deep with a 400, not a stack overflow', async () => {
    const depth = 5000;
    const response = await app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"extra":{"x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`,
    });
    expectRefusal(response, 400, 'validation_failed', 'Nested too deep');
  });

  it.each([
    ['offset 1e300', cursor('{"offset":1e300}')],
    ['offset 2^63', cursor('{"offset":9223372036854775808}')],
  ])('refuses a page cursor with %s', async (_label, forged) => {
    expectRefusal(
      await app.inject({ url: `/api/locations?cursor=${forged}` }),
      400,
      'validation_failed',
      'cursor:',
    );
  });

  it('refuses unknown query parameters, naming them, on routes with and without a query schema', async () => {
    expectRefusal(await app.inject({ url: '/api/health?verbose=1' }), 400, 'validation_failed', '"verbose"');
    expectRefusal(
      await app.inject({ url: '/api/me/points?_=1700000000', headers: member.headers }),
      400,
      'validation_failed',
      '"_"',
    );
    expectRefusal(
      await app.inject({ url: '/api/locations/search?q=park&page=2' }),
      400,
      'validation_failed',
      '"page"',
    );
  });

  it('refuses a body where the route takes none', async () => {
    // Removing a place takes no body (a visit now takes the device's reading).
    const url = `/api/locations/${(await addPlace(app, member)).id}`;
    const withBody = await app.inject({ method: 'DELETE', url, headers: member.headers, payload: { at } });
    expectRefusal(withBody, 400, 'validation_failed', 'takes no body');
    const without = await app.inject({ method: 'DELETE', url, headers: member.headers });
    expect(without.statusCode).toBe(200);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'name=Park&latitude=1&longitude=2'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPark\r\n--x--\r\n',
    ],
    ['text/plain', '{"name":"Park","latitude":1,"longitude":2}'],
  ])('answers %s on a JSON route with 415 in the one error shape', async (contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...member.headers, 'content-type': contentType },
      payload,
    });
    expectRefusal(response, 415, 'unsupported_media_type', '');
  });

  it('refuses a malformed multipart upload with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/photos`,
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=announced' },
      payload:
        '--other\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nx\r\n--other--\r\n',
    });
    expectRefusal(response, 400, 'invalid_multipart', 'multipart');
  });

  describe('Cache-Control: no-store on personal answers', () => {
    it.each(['/api/me', '/api/me/points', '/api/me/contributions', '/api/auth/options'])(
      '%s, signed in or not',
      async (url) => {
        expect((await app.inject({ url, headers: member.headers })).headers['cache-control']).toBe(
          'no-store',
        );
        expect((await app.inject({ url })).headers['cache-control']).toBe('no-store');
      },
    );

    it('every answer to a signed-in person, errors included', async () => {
      const place = await app.inject({ url: `/api/locations/${locationId}`, headers: member.headers });
      expect(place.headers['cache-control']).toBe('no-store');
      const missing = await app.inject({
        url: '/api/events/3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11',
        headers: member.headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
    });

    it('but not public answers to a signed-out visitor', async () => {
      const health = await app.inject({ url: '/api/health' });
      expect(health.headers['cache-control']).toBeUndefined();
      const place = await app.inject({ url: `/api/locations/${locationId}` });
      expect(place.headers['cache-control']).not.toContain('no-store');
    });
  });

  it("sends CSP base-uri 'none'", async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).toContain("base-uri 'none'");
  });
});

describe('declaring what a route reads', () => {
  // Registration only: a database that is never queried suffices.
  const unusedDatabase = {} as DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      database: unusedDatabase,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses at start a query schema that silently drops unknown parameters', () => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    expect(() =>
      typed.get(
        '/api/lenient',
        {
          schema: { operationId: 'getLenient', querystring: z.object({ a: z.string() }) },
          config: { access: 'public' },
        },
        async () => ({}),
      ),
    ).toThrow(/ignores unknown parameters/);
    expect(() =>
      typed.get(
        '/api/strict',
        {
          schema: { operationId: 'getStrict', querystring: z.strictObject({ a: z.string() }) },
          config: { access: 'public' },
        },
        async () => ({}),
      ),
    ).not.toThrow();
    expect(() =>
      typed.get(
        '/api/on-purpose-loose',
        {
          schema: { operationId: 'getOnPurposeLoose', querystring: z.looseObject({ a: z.string() }) },
          config: { access: 'public' },
        },
        async () => ({}),
      ),
    ).not.toThrow();
  });
});
