/**
 * The web authorization-code flow (part of the auth service): start at the provider, then
 * finish on its callback with the stored state, nonce and PKCE verifier.
 */
import type { SignInProvider, WebSignInStartQuery } from '@playspot/core';
import type { AuthConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as repository from './auth.repository.ts';
import { signInFailed, type OidcClients } from './oidc-clients.ts';
import { newSecretToken } from './session-token.ts';
import {
  identityUpsert,
  SIGN_IN_STATE_TTL_MS,
  type CreateSession,
  type SignInResult,
} from './sign-in-session.ts';

/** Apple's web callback carries the person's name once, as JSON in the `user` field. */
function nameFromAppleUserField(field: string | undefined): string | null {
  if (!field) return null;
  try {
    const parsed = JSON.parse(field) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (part): part is string => typeof part === 'string' && part.trim().length > 0,
    );
    return parts.length > 0 ? parts.join(' ').trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}

export function createWebSignIn(deps: {
  db: Database;
  clients: OidcClients;
  config: AuthConfig;
  now: () => Date;
  createSession: CreateSession;
}) {
  const { db, clients, config, now, createSession } = deps;
  const redirectUri = (provider: SignInProvider) =>
    new URL(`/api/auth/${provider}/callback`, config.publicUrl).toString();

  return {
    async startWebSignIn(provider: SignInProvider, query: WebSignInStartQuery): Promise<URL> {
      const state = newSecretToken();
      const nonce = newSecretToken();
      const codeVerifier = newSecretToken();
      const url = await clients.authorizationUrl(provider, {
        redirectUri: redirectUri(provider),
        state,
        nonce,
        codeVerifier,
      });
      const at = now();
      await repository.deleteExpiredSignInState(db, at);
      await repository.insertOAuthState(db, {
        state,
        provider,
        codeVerifier,
        nonce,
        mode: query.mode,
        returnTo: query.returnTo,
        expiresAt: new Date(at.getTime() + SIGN_IN_STATE_TTL_MS),
      });
      return url;
    },

    async completeWebSignIn(
      provider: SignInProvider,
      callback: {
        request: URL | Request;
        state: string | undefined;
        appleUser?: string | undefined;
        userAgent: string | null;
      },
    ): Promise<SignInResult & { mode: 'popup' | 'redirect'; returnTo: string }> {
      if (!callback.state) throw signInFailed('The sign-in answer has no state. Please start again.');
      const pending = await repository.takeOAuthState(db, callback.state, now());
      if (pending?.provider !== provider) {
        throw signInFailed('This sign-in has expired or was already used. Please start again.');
      }
      const identity = await clients.finishAuthorization(provider, callback.request, {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
        redirectUri: redirectUri(provider),
      });
      const appleName = provider === 'apple' ? nameFromAppleUserField(callback.appleUser) : null;
      const result = await createSession(identityUpsert(identity, appleName), provider, callback.userAgent);
      return { ...result, mode: pending.mode, returnTo: pending.returnTo };
    },
  };
}
