/**
 * The OpenID Connect side of sign-in, for Google and Apple alike: discovery, the web
 * authorization-code flow (openid-client) and verification of ID tokens from device SDKs
 * (jose). Issuers come from configuration, so tests run this code against a local provider.
 */
import * as jose from 'jose';
import * as oidc from 'openid-client';
import type { SignInProvider } from '@playspot/core';
import type { AppleClientSecret, OidcProviderConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** Identity claims PlaySpot uses; everything else in a token is ignored. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  displayName: string | null;
  photoUrl: string | null;
  nonce: string | null;
}

export const signInFailed = (message: string) => new AppError(401, 'sign_in_failed', message);

const providerUnavailable = (provider: SignInProvider) =>
  new AppError(
    503,
    'provider_unavailable',
    `Sign-in with ${provider} is not reachable right now. Please try again.`,
  );

/** http issuers are accepted only on this machine (tests, local development). */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

const APPLE_SECRET_LIFETIME_S = 60 * 60;

async function appleClientSecretJwt(
  secret: Extract<AppleClientSecret, { kind: 'signing-key' }>,
  clientId: string,
  issuer: string,
) {
  const key = await jose.importPKCS8(secret.privateKeyPem, 'ES256');
  return new jose.SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: secret.keyId })
    .setIssuer(secret.teamId)
    .setSubject(clientId)
    .setAudience(issuer)
    .setIssuedAt()
    .setExpirationTime(`${APPLE_SECRET_LIFETIME_S}s`)
    .sign(key);
}

function stringClaim(payload: jose.JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function identityFromClaims(payload: jose.JWTPayload): VerifiedIdentity {
  if (!payload.iss || !payload.sub) throw signInFailed('The sign-in token has no issuer or subject.');
  const givenAndFamily = [stringClaim(payload, 'given_name'), stringClaim(payload, 'family_name')]
    .filter((part) => part !== null)
    .join(' ');
  return {
    issuer: payload.iss,
    subject: payload.sub,
    email: stringClaim(payload, 'email'),
    displayName: stringClaim(payload, 'name') ?? (givenAndFamily || null),
    photoUrl: stringClaim(payload, 'picture'),
    nonce: stringClaim(payload, 'nonce'),
  };
}

/** Why jose refused a token, in words a person (or a support request) can use. */
function describeTokenError(error: unknown): string {
  if (error instanceof jose.errors.JWTExpired) return 'The sign-in token has expired. Please sign in again.';
  if (error instanceof jose.errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The sign-in token was issued for another app.';
    if (error.claim === 'iss') return 'The sign-in token comes from another issuer.';
    return `The sign-in token's "${error.claim}" claim is not valid.`;
  }
  if (error instanceof jose.errors.JWSSignatureVerificationFailed)
    return 'The sign-in token signature does not match.';
  if (error instanceof jose.errors.JOSEAlgNotAllowed)
    return 'The sign-in token uses an algorithm that is not accepted.';
  if (error instanceof jose.errors.JWKSNoMatchingKey)
    return 'The sign-in token was signed with an unknown key.';
  return 'The sign-in token is malformed.';
}

export class OidcClients {
  readonly #providers: Map<SignInProvider, OidcProviderConfig>;
  readonly #discovered = new Map<SignInProvider, Promise<oidc.Configuration>>();
  readonly #keySets = new Map<SignInProvider, ReturnType<typeof jose.createRemoteJWKSet>>();
  #appleSecret: { value: string; until: number } | null = null;

  constructor(providers: OidcProviderConfig[]) {
    this.#providers = new Map(providers.map((config) => [config.provider, config]));
  }

  config(provider: SignInProvider): OidcProviderConfig | undefined {
    return this.#providers.get(provider);
  }

  #require(provider: SignInProvider): OidcProviderConfig {
    const config = this.#providers.get(provider);
    if (!config)
      throw new AppError(
        404,
        'provider_not_configured',
        `Sign-in with ${provider} is not set up on this server.`,
      );
    return config;
  }

  /** Discovery once per provider; a failure is retried on the next sign-in. */
  async #discover(config: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = this.#discovered.get(config.provider);
    if (!pending) {
      const issuer = new URL(config.issuer);
      const clientId = config.web?.clientId ?? config.audiences[0] ?? 'unused';
      pending = oidc.discovery(issuer, clientId, undefined, undefined, {
        // Plain http only for an issuer on this machine (tests, local development).
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        ...(isLocalHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      this.#discovered.set(config.provider, pending);
      pending.catch(() => this.#discovered.delete(config.provider));
    }
    try {
      return await pending;
    } catch {
      throw providerUnavailable(config.provider);
    }
  }

  async #clientSecret(config: OidcProviderConfig): Promise<string> {
    const secret = config.web?.clientSecret;
    if (!secret)
      throw new AppError(
        404,
        'provider_not_configured',
        `Web sign-in with ${config.provider} is not set up.`,
      );
    if (secret.kind === 'static') return secret.secret;
    const now = Date.now();
    if (this.#appleSecret && this.#appleSecret.until > now) return this.#appleSecret.value;
    const value = await appleClientSecretJwt(secret, config.web?.clientId ?? '', config.issuer);
    // Renew well before the hour runs out.
    this.#appleSecret = { value, until: now + (APPLE_SECRET_LIFETIME_S / 2) * 1000 };
    return value;
  }

  /** A Configuration for the web client, with a current client secret. */
  async #webClient(
    provider: SignInProvider,
  ): Promise<{ client: oidc.Configuration; config: OidcProviderConfig }> {
    const config = this.#require(provider);
    if (!config.web)
      throw new AppError(404, 'provider_not_configured', `Web sign-in with ${provider} is not set up.`);
    const discovered = await this.#discover(config);
    const client = new oidc.Configuration(
      discovered.serverMetadata(),
      config.web.clientId,
      undefined,
      oidc.ClientSecretPost(await this.#clientSecret(config)),
    );
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- local http issuers only, as above
    if (isLocalHttp(new URL(config.issuer))) oidc.allowInsecureRequests(client);
    return { client, config };
  }

  async authorizationUrl(
    provider: SignInProvider,
    request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<URL> {
    const { client, config } = await this.#webClient(provider);
    const parameters: Record<string, string> = {
      redirect_uri: request.redirectUri,
      scope: provider === 'apple' ? 'openid email name' : 'openid email profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (config.responseMode === 'form_post') parameters.response_mode = 'form_post';
    return oidc.buildAuthorizationUrl(client, parameters);
  }

  /** Exchanges the code from the callback (query or form_post) and checks state, nonce and PKCE. */
  async finishAuthorization(
    provider: SignInProvider,
    callback: URL | Request,
    checks: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<VerifiedIdentity> {
    const { client } = await this.#webClient(provider);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(
        client,
        callback,
        {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        },
        { redirect_uri: checks.redirectUri },
      );
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        throw signInFailed(
          error.error === 'access_denied'
            ? 'Sign-in was cancelled.'
            : `The provider refused the sign-in (${error.error}).`,
        );
      }
      throw signInFailed('The sign-in could not be completed. Please try again.');
    }
    const claims = tokens.claims();
    if (!claims) throw signInFailed('The provider did not return an ID token.');
    return identityFromClaims(claims);
  }

  /** Verifies an ID token from a device SDK: signature (provider JWKS), issuer, audience, expiry. */
  async verifyIdToken(provider: SignInProvider, idToken: string): Promise<VerifiedIdentity> {
    const config = this.#require(provider);
    let keySet = this.#keySets.get(provider);
    if (!keySet) {
      const jwksUri = (await this.#discover(config)).serverMetadata().jwks_uri;
      if (!jwksUri) throw providerUnavailable(provider);
      keySet = jose.createRemoteJWKSet(new URL(jwksUri));
      this.#keySets.set(provider, keySet);
    }
    try {
      const { payload } = await jose.jwtVerify(idToken, keySet, {
        issuer: config.issuer,
        audience: config.audiences,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      });
      return identityFromClaims(payload);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof jose.errors.JWKSTimeout || error instanceof jose.errors.JWKSInvalid) {
        throw providerUnavailable(provider);
      }
      throw signInFailed(describeTokenError(error));
    }
  }
}
