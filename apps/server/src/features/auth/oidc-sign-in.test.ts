/**
 * Sign-in end to end against a real OpenID provider running in the test (standing in for
 * Google and for Apple): the web code flow through the callback to /api/me, Apple's form_post,
 * the native ID-token exchange, and every way a token or session must be refused.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import {
  completeAuthorization,
  obtainIdToken,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/oidc-provider.ts';
import { SAME_ORIGIN } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const GOOGLE_WEB = { clientId: 'playspot-web.googleusercontent', secret: 'google-web-secret' };
const GOOGLE_IOS = 'playspot-ios.googleusercontent';
const APPLE_WEB = { clientId: 'org.playspot.web', secret: 'apple-web-secret' };
const APPLE_APP = 'org.playspot.app';
const NATIVE_REDIRECT = 'org.playspot.app:/oauth2redirect';
const callbackOf = (provider: string) =>
  new URL(`/api/auth/${provider}/callback`, TEST_PUBLIC_URL).toString();
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

let google: TestIdentityProvider;
let apple: TestIdentityProvider;

beforeAll(async () => {
  google = await startTestIdentityProvider({
    clients: [
      {
        clientId: GOOGLE_WEB.clientId,
        clientSecret: GOOGLE_WEB.secret,
        redirectUris: [callbackOf('google')],
      },
      { clientId: GOOGLE_IOS, redirectUris: [NATIVE_REDIRECT] },
    ],
    accounts: {
      'google-ana': {
        email: 'ana@example.com',
        emailVerified: true,
        name: 'Ana Google',
        picture: 'https://example.com/ana.png',
      },
      'google-ben': { email: 'ben@example.com', name: 'Ben Native' },
    },
  });
  apple = await startTestIdentityProvider({
    clients: [
      {
        clientId: APPLE_WEB.clientId,
        clientSecret: APPLE_WEB.secret,
        redirectUris: [callbackOf('apple')],
        responseModes: ['form_post'],
      },
      { clientId: APPLE_APP, redirectUris: [NATIVE_REDIRECT] },
    ],
    accounts: { 'apple-cara': { email: 'cara@privaterelay.example' } },
  });
});
afterAll(async () => {
  await google.close();
  await apple.close();
});

const authConfig = () =>
  testAuthConfig({
    providers: [
      {
        provider: 'google',
        issuer: google.issuer,
        web: { clientId: GOOGLE_WEB.clientId, clientSecret: { kind: 'static', secret: GOOGLE_WEB.secret } },
        audiences: [GOOGLE_WEB.clientId, GOOGLE_IOS],
        responseMode: 'query',
      },
      {
        provider: 'apple',
        issuer: apple.issuer,
        web: { clientId: APPLE_WEB.clientId, clientSecret: { kind: 'static', secret: APPLE_WEB.secret } },
        audiences: [APPLE_WEB.clientId, APPLE_APP],
        responseMode: 'form_post',
      },
    ],
  });

function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.endsWith('playspot_session'));
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

describeEachBackend('OpenID Connect sign-in', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: authConfig() });
  });
  afterAll(async () => {
    await app.close();
  });

  const counts = async () => {
    const [row] = await database().query<{ users: string | number; sessions: string | number }>(
      sql`select (select count(*) from users) as users, (select count(*) from sessions) as sessions`,
    );
    return { users: Number(row?.users), sessions: Number(row?.sessions) };
  };
  const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/me', headers });

  async function startWebSignIn(provider: 'google' | 'apple', query: string) {
    const start = await app.inject({ method: 'GET', url: `/api/auth/${provider}/start?${query}` });
    expect(start.statusCode).toBe(302);
    const location = start.headers.location;
    if (typeof location !== 'string') throw new Error('no redirect to the provider');
    return new URL(location);
  }

  it('offers Google and Apple, on the web and natively, and no development sign-in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(response.json()).toEqual({
      providers: [
        { provider: 'google', web: true, native: true },
        { provider: 'apple', web: true, native: true },
      ],
      development: false,
    });
    const dev = await app.inject({
      method: 'POST',
      url: '/api/auth/development/sign-in',
      headers: SAME_ORIGIN,
      payload: { userName: 'Sneaky' },
    });
    expect(dev.statusCode).toBe(404);
  });

  it('signs in with Google on the web: authorize → callback → session cookie → /api/me', async () => {
    const authorize = await startWebSignIn('google', 'mode=redirect&returnTo=%2FMapView');
    expect(authorize.origin).toBe(new URL(google.issuer).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const answer = await completeAuthorization(authorize, 'google-ana');
    if (answer.kind !== 'redirect') throw new Error('expected a redirect');
    expect(answer.url.origin + answer.url.pathname).toBe(callbackOf('google'));

    const callbackPath = answer.url.pathname + answer.url.search;
    const callback = await app.inject({ method: 'GET', url: callbackPath });
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/MapView');
    const cookie = sessionCookieOf(callback);

    const profile = await me({ cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'ana@example.com',
      displayName: 'Ana Google',
      photoURL: 'https://example.com/ana.png',
      role: 'basic',
      level: 1,
      points: 0,
    });

    // The same answer cannot be used twice: its state was consumed.
    const before = await counts();
    const replay = await app.inject({ method: 'GET', url: callbackPath });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain('expired or was already used');
    expect(replay.cookies).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('reports a popup sign-in to the opening tab and closes', async () => {
    const answer = await completeAuthorization(await startWebSignIn('google', 'mode=popup'), 'google-ana');
    if (answer.kind !== 'redirect') throw new Error('expected a redirect');
    const callback = await app.inject({ method: 'GET', url: answer.url.pathname + answer.url.search });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toContain('text/html');
    expect(callback.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(callback.body).toContain('window.opener.postMessage');
    expect(callback.body).toContain('BroadcastChannel');
    expect((await me({ cookie: sessionCookieOf(callback) })).statusCode).toBe(200);
  });

  it("signs in with Apple's cross-site form_post and keeps the name sent only the first time", async () => {
    const postBack = async (user?: string) => {
      const answer = await completeAuthorization(
        await startWebSignIn('apple', 'mode=redirect'),
        'apple-cara',
      );
      if (answer.kind !== 'form_post') throw new Error('expected form_post');
      expect(answer.action).toBe(callbackOf('apple'));
      const fields = new URLSearchParams({ ...answer.fields, ...(user ? { user } : {}) });
      return app.inject({
        method: 'POST',
        url: new URL(answer.action).pathname,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://appleid.apple.com',
          'sec-fetch-site': 'cross-site',
        },
        payload: fields.toString(),
      });
    };

    const first = await postBack(
      JSON.stringify({ name: { firstName: 'Cara', lastName: 'Apple' }, email: 'x' }),
    );
    expect(first.statusCode).toBe(303);
    expect((await me({ cookie: sessionCookieOf(first) })).json()).toMatchObject({
      displayName: 'Cara Apple',
      email: 'cara@privaterelay.example',
    });

    const second = await postBack();
    expect(second.statusCode).toBe(303);
    expect((await me({ cookie: sessionCookieOf(second) })).json()).toMatchObject({
      displayName: 'Cara Apple',
    });
  });

  async function nonce(): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/nonce' });
    expect(response.statusCode).toBe(200);
    return response.json<{ nonce: string }>().nonce;
  }

  const exchange = (provider: 'google' | 'apple', payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/auth/${provider}/id-token`, payload });

  it('exchanges a Google ID token from the iOS SDK for a bearer session', async () => {
    const oneTimeNonce = await nonce();
    const idToken = await obtainIdToken(google, {
      clientId: GOOGLE_IOS,
      redirectUri: NATIVE_REDIRECT,
      subject: 'google-ben',
      nonce: oneTimeNonce,
    });
    const response = await exchange('google', { idToken, nonce: oneTimeNonce });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; isNewUser: boolean; user: { email: string } }>();
    expect(body).toMatchObject({ isNewUser: true, user: { email: 'ben@example.com' } });
    expect(response.cookies).toEqual([]);
    const profile = await me({ authorization: `Bearer ${body.token}` });
    expect(profile.json()).toMatchObject({ displayName: 'Ben Native' });

    // Signing out ends that session for good.
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me({ authorization: `Bearer ${body.token}` })).statusCode).toBe(401);
  });

  it('exchanges an Apple ID token carrying the hashed nonce, keeping the name the app sends', async () => {
    const oneTimeNonce = await nonce();
    const idToken = await obtainIdToken(apple, {
      clientId: APPLE_APP,
      redirectUri: NATIVE_REDIRECT,
      subject: 'apple-dana',
      nonce: sha256Hex(oneTimeNonce),
    });
    const response = await exchange('apple', {
      idToken,
      nonce: oneTimeNonce,
      name: { givenName: 'Dana', familyName: 'Native' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { displayName: 'Dana Native' } });
  });

  it.each([
    ['Apple', 'the raw nonce (Apple is given its SHA-256)', 'apple', (n: string) => n],
    ['Google', 'the hashed nonce (Google is given it as it is)', 'google', sha256Hex],
  ] as const)(
    'refuses an %s ID token carrying %s, and the nonce stays usable',
    async (_name, _case, provider, carried) => {
      const oneTimeNonce = await nonce();
      const client =
        provider === 'apple'
          ? { issuer: apple, clientId: APPLE_APP }
          : { issuer: google, clientId: GOOGLE_IOS };
      const token = (value: string) =>
        obtainIdToken(client.issuer, {
          clientId: client.clientId,
          redirectUri: NATIVE_REDIRECT,
          subject: `${provider}-nonce-form`,
          nonce: value,
        });
      const before = await counts();
      const refused = await exchange(provider, {
        idToken: await token(carried(oneTimeNonce)),
        nonce: oneTimeNonce,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json<{ error: { message: string } }>().error.message).toContain(
        'does not carry the nonce',
      );
      expect(await counts()).toEqual(before);
      // The form the provider is given is accepted with the same nonce.
      const right = provider === 'apple' ? sha256Hex(oneTimeNonce) : oneTimeNonce;
      expect(
        (await exchange(provider, { idToken: await token(right), nonce: oneTimeNonce })).statusCode,
      ).toBe(200);
    },
  );

  const mint = async (claims: JWTPayload, options: { key?: 'provider' | 'stranger'; alg?: string } = {}) => {
    const signingKey = google.signingKey;
    const key =
      options.key === 'stranger'
        ? (await generateKeyPair('RS256', { extractable: true })).privateKey
        : await importJWK(signingKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      sub: 'google-mallory',
      iss: google.issuer,
      aud: GOOGLE_IOS,
      iat: now,
      exp: now + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid ?? '' })
      .sign(key);
  };

  const unsigned = (claims: JWTPayload) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'google-mallory', iss: google.issuer, aud: GOOGLE_IOS, iat: now, exp: now + 600, ...claims })}.`;
  };

  it('accepts a correctly minted token (the negative cases below differ in one thing only)', async () => {
    const oneTimeNonce = await nonce();
    const response = await exchange('google', {
      idToken: await mint({ nonce: oneTimeNonce }),
      nonce: oneTimeNonce,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [
      'a wrong audience',
      (n: string) => mint({ nonce: n, aud: 'someone-elses-app' }),
      'issued for another app',
    ],
    [
      'a wrong issuer',
      (n: string) => mint({ nonce: n, iss: 'https://accounts.evil.example' }),
      'another issuer',
    ],
    [
      'an expired token',
      (n: string) => mint({ nonce: n, exp: Math.floor(Date.now() / 1000) - 3600 }),
      'has expired',
    ],
    ['a bad signature', (n: string) => mint({ nonce: n }, { key: 'stranger' }), 'signature does not match'],
    ['alg: none', (n: string) => Promise.resolve(unsigned({ nonce: n })), 'algorithm that is not accepted'],
    [
      'a nonce of another sign-in',
      () => mint({ nonce: 'a-nonce-this-server-never-issued' }),
      'does not carry the nonce',
    ],
    ['no nonce in the token', () => mint({}), 'does not carry the nonce'],
  ])('refuses %s with 401 and creates nothing', async (_case, token, message) => {
    const oneTimeNonce = await nonce();
    const before = await counts();
    const response = await exchange('google', { idToken: await token(oneTimeNonce), nonce: oneTimeNonce });
    expect(response.statusCode).toBe(401);
    const body = response.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('sign_in_failed');
    expect(body.error.message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a replayed token and nonce', async () => {
    const oneTimeNonce = await nonce();
    const idToken = await mint({ nonce: oneTimeNonce, sub: 'google-replay' });
    expect((await exchange('google', { idToken, nonce: oneTimeNonce })).statusCode).toBe(200);
    const before = await counts();
    const replay = await exchange('google', { idToken, nonce: oneTimeNonce });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ error: { message: string } }>().error.message).toContain('already used');
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a missing token', { nonce: 'x'.repeat(20) }],
    ['an unknown field', { idToken: 'x'.repeat(40), nonce: 'y'.repeat(20), admin: true }],
    ['a short nonce', { idToken: 'x'.repeat(40), nonce: 'short' }],
  ])('answers 400 to %s', async (_case, payload) => {
    expect((await exchange('google', payload)).statusCode).toBe(400);
  });

  it('answers 400 to an unknown provider and refuses a returnTo on another site', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/facebook/start' })).statusCode).toBe(400);
    const offsite = await app.inject({
      method: 'GET',
      url: '/api/auth/google/start?returnTo=//evil.example/',
    });
    expect(offsite.statusCode).toBe(400);
  });
});
