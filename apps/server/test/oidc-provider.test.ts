import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createRemoteJWKSet, decodeProtectedHeader, importJWK, jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import {
  completeAuthorization,
  obtainIdToken,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from './oidc-provider.ts';

const webRedirect = 'http://127.0.0.1:9/api/auth/google/callback';
const appleRedirect = 'http://127.0.0.1:9/api/auth/apple/callback';
const nativeRedirect = 'com.example.playspot:/oauth2redirect';

/** openid-client discovery against the http (not https) test issuer. */
function discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    // Deprecated only to stand out: the test issuer is http://127.0.0.1.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    execute: [client.allowInsecureRequests],
  });
}

const alice = {
  email: 'alice@example.com',
  emailVerified: true,
  name: 'Alice Example',
  picture: 'https://example.com/alice.png',
};

describe('test identity provider', () => {
  let provider: TestIdentityProvider;
  let config: client.Configuration;

  beforeAll(async () => {
    provider = await startTestIdentityProvider({
      clients: [
        { clientId: 'web', clientSecret: 'web-secret', redirectUris: [webRedirect] },
        {
          clientId: 'apple-web',
          clientSecret: 'apple-secret',
          redirectUris: [appleRedirect],
          responseModes: ['form_post'],
        },
        { clientId: 'native', redirectUris: [nativeRedirect] },
      ],
      accounts: { alice },
    });
    config = await discover(provider.issuer, 'web', 'web-secret');
  });

  afterAll(async () => {
    await provider.close();
  });

  it('serves a discovery document naming the issuer', async () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.response_modes_supported).toContain('form_post');
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('completes a confidential client web flow with PKCE, state and nonce', async () => {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: webRedirect,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });

    const result = await completeAuthorization(authorizationUrl, 'alice');
    if (result.kind !== 'redirect') throw new Error(`expected a redirect, got ${result.kind}`);
    expect(`${result.url.origin}${result.url.pathname}`).toBe(webRedirect);
    expect(result.url.searchParams.get('code')).toBeTruthy();
    expect(result.url.searchParams.get('state')).toBe(state);
    expect(result.url.searchParams.get('iss')).toBe(provider.issuer);

    const tokens = await client.authorizationCodeGrant(config, result.url, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: 'web',
      sub: 'alice',
      nonce,
      email: alice.email,
      email_verified: true,
      name: alice.name,
      picture: alice.picture,
    });
  });

  it('puts only the requested scopes’ claims in the ID token', async () => {
    const state = client.randomState();
    const codeVerifier = client.randomPKCECodeVerifier();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: webRedirect,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    const result = await completeAuthorization(authorizationUrl, 'alice');
    if (result.kind !== 'redirect') throw new Error(`expected a redirect, got ${result.kind}`);
    const tokens = await client.authorizationCodeGrant(config, result.url, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims?.email).toBe(alice.email);
    expect(claims).not.toHaveProperty('name');
  });

  it('logs in a subject without an account, with no extra claims', async () => {
    const state = client.randomState();
    const codeVerifier = client.randomPKCECodeVerifier();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: webRedirect,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    const result = await completeAuthorization(authorizationUrl, 'stranger');
    if (result.kind !== 'redirect') throw new Error(`expected a redirect, got ${result.kind}`);
    const tokens = await client.authorizationCodeGrant(config, result.url, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims?.sub).toBe('stranger');
    expect(claims).not.toHaveProperty('email');
  });

  it('answers a form_post client with an auto-submit form carrying code and state', async () => {
    const appleConfig = await discover(provider.issuer, 'apple-web', 'apple-secret');
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(appleConfig, {
      redirect_uri: appleRedirect,
      scope: 'openid email profile',
      response_mode: 'form_post',
      state,
    });
    const result = await completeAuthorization(authorizationUrl, 'alice');
    if (result.kind !== 'form_post') throw new Error(`expected form_post, got ${result.kind}`);
    expect(result.action).toBe(appleRedirect);
    expect(result.fields.code).toBeTruthy();
    expect(result.fields.state).toBe(state);

    // The posted fields are what the relying party's callback receives: they redeem the code.
    const callback = new URL(appleRedirect);
    const tokens = await client.authorizationCodeGrant(
      appleConfig,
      new Request(callback, { method: 'POST', body: new URLSearchParams(result.fields) }),
      { expectedState: state },
    );
    expect(tokens.claims()).toMatchObject({ sub: 'alice', aud: 'apple-web', email: alice.email });
  });

  it('refuses a response mode the client does not list', async () => {
    const appleConfig = await discover(provider.issuer, 'apple-web', 'apple-secret');
    const authorizationUrl = client.buildAuthorizationUrl(appleConfig, {
      redirect_uri: appleRedirect,
      scope: 'openid',
      state: client.randomState(),
    });
    await expect(completeAuthorization(authorizationUrl, 'alice')).rejects.toThrow(
      /unsupported_response_mode/,
    );
  });

  it('redirects back with ?error= when the provider cannot authorize', async () => {
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: webRedirect,
      scope: 'openid',
      prompt: 'none', // no session in a fresh cookie jar
      state,
    });
    const result = await completeAuthorization(authorizationUrl, 'alice');
    if (result.kind !== 'redirect') throw new Error(`expected a redirect, got ${result.kind}`);
    expect(result.url.searchParams.get('error')).toBe('login_required');
    expect(result.url.searchParams.get('state')).toBe(state);
  });

  describe('native ID tokens', () => {
    let jwks: ReturnType<typeof createRemoteJWKSet>;

    beforeAll(async () => {
      const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
      const { jwks_uri } = (await response.json()) as { jwks_uri: string };
      jwks = createRemoteJWKSet(new URL(jwks_uri));
    });

    it('obtainIdToken returns an RS256 ID token the JWKS verifies, for the client and nonce', async () => {
      const nonce = client.randomNonce();
      const idToken = await obtainIdToken(provider, {
        clientId: 'native',
        redirectUri: nativeRedirect,
        subject: 'alice',
        nonce,
      });
      expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: 'RS256', kid: provider.signingKey.kid });
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: provider.issuer,
        audience: 'native',
        algorithms: ['RS256'],
      });
      expect(payload).toMatchObject({ sub: 'alice', nonce, email: alice.email, name: alice.name });

      await expect(jwtVerify(idToken, jwks, { issuer: provider.issuer, audience: 'web' })).rejects.toThrow(
        /aud/,
      );
    });

    it('verifies a token minted with signingKey, and rejects an expired one', async () => {
      expect(provider.signingKey.kid).toBeTruthy();
      expect(provider.signingKey.d).toBeTruthy(); // the private part
      const key = await importJWK(provider.signingKey, 'RS256');
      const minted = await new SignJWT({ nonce: 'n-1', email: 'bob@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: provider.signingKey.kid })
        .setIssuer(provider.issuer)
        .setAudience('native')
        .setSubject('bob')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
      const { payload } = await jwtVerify(minted, jwks, { issuer: provider.issuer, audience: 'native' });
      expect(payload).toMatchObject({ sub: 'bob', nonce: 'n-1', email: 'bob@example.com' });

      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: provider.signingKey.kid })
        .setIssuer(provider.issuer)
        .setAudience('native')
        .setSubject('bob')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
      await expect(jwtVerify(expired, jwks, { issuer: provider.issuer, audience: 'native' })).rejects.toThrow(
        /exp/,
      );
    });
  });
});
