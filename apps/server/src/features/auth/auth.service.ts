/**
 * Sign-in use cases: web authorization-code flow, native ID-token exchange, the development
 * sign-in, sessions and sign-out. Routes call these; SQL lives in auth.repository.ts.
 */
import { createHash } from 'node:crypto';
import {
  isSessionActive,
  newSessionTimes,
  touchSession,
  userNameKey,
  type AuthOptions,
  type NativeSignIn,
  type SessionLifetime,
  type SignInProvider,
} from '@playspot/core';
import type { AuthConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RecordServerEvent } from '../../lib/capabilities.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthenticatedUser } from '../../lib/request-user.ts';
import * as repository from './auth.repository.ts';
import { signInFailed, type OidcClients } from './oidc-clients.ts';
import { identityUpsert, SIGN_IN_STATE_TTL_MS, type SignInResult } from './sign-in-session.ts';
import { createWebSignIn } from './web-sign-in.ts';
import { hashToken, newSecretToken } from './session-token.ts';

const DEVELOPMENT_ISSUER = 'playspot:development';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export function createAuthService(deps: {
  database: DatabaseHandle;
  clients: OidcClients;
  config: AuthConfig;
  now?: () => Date;
  /** Sign-ups, sign-ins and sign-outs go to the analytics (a sign-in's in its transaction). */
  recordServerEvent: RecordServerEvent;
}) {
  const { database, clients, config, recordServerEvent } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const lifetime: SessionLifetime = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };

  async function createSession(
    identity: repository.IdentityUpsert,
    method: SignInProvider | 'development',
    userAgent: string | null,
  ): Promise<SignInResult> {
    const at = now();
    const { user, created } = await db.transaction(async (tx) => {
      const result = await repository.upsertUserByIdentity(tx, identity, at);
      await recordServerEvent(tx, {
        name: result.created ? 'user_signup' : 'user_login',
        userId: result.user.id,
        params: { method },
        occurredAt: at,
      });
      return result;
    });
    // A new token at every sign-in: a token seen before sign-in can never become a session.
    const token = newSecretToken();
    const times = newSessionTimes(at, lifetime);
    await repository.insertSession(db, { tokenHash: hashToken(token), userId: user.id, userAgent, ...times });
    return { user, token, expiresAt: times.absoluteExpiresAt, isNewUser: created };
  }

  return {
    options(): AuthOptions {
      return {
        providers: config.providers.map((provider) => ({
          provider: provider.provider,
          web: provider.web !== null,
          native: provider.audiences.length > 0,
        })),
        development: config.devSignIn,
      };
    },

    async issueNonce(): Promise<{ nonce: string; expiresAt: Date }> {
      const nonce = newSecretToken();
      const expiresAt = new Date(now().getTime() + SIGN_IN_STATE_TTL_MS);
      await repository.insertSignInNonce(db, sha256Hex(nonce), expiresAt);
      return { nonce, expiresAt };
    },

    async signInWithIdToken(
      provider: SignInProvider,
      body: NativeSignIn,
      userAgent: string | null,
    ): Promise<SignInResult> {
      const identity = await clients.verifyIdToken(provider, body.idToken);
      // Google's SDKs put our one-time nonce into the token as it is; Apple's sheet is given
      // its SHA-256 (Apple's convention, what the app sends it), so an Apple token carrying the
      // raw nonce was not made by the app's sign-in and is refused.
      const expectedNonce = provider === 'apple' ? sha256Hex(body.nonce) : body.nonce;
      if (identity.nonce !== expectedNonce) {
        throw signInFailed('The sign-in token does not carry the nonce of this sign-in.');
      }
      if (!(await repository.takeSignInNonce(db, sha256Hex(body.nonce), now()))) {
        throw signInFailed(
          'The sign-in nonce was not issued by this server, has expired or was already used.',
        );
      }
      const appleName =
        [body.name?.givenName, body.name?.familyName].filter((part) => part).join(' ') || null;
      return createSession(identityUpsert(identity, appleName), provider, userAgent);
    },

    async developmentSignIn(userName: string, userAgent: string | null): Promise<SignInResult> {
      // Checked again at the moment of use: no configuration mistake can open it in production.
      if (!config.devSignIn || process.env.NODE_ENV === 'production') {
        throw notFound('The development sign-in is not available on this server.');
      }
      try {
        return await createSession(
          {
            issuer: DEVELOPMENT_ISSUER,
            subject: userNameKey(userName),
            email: null,
            displayName: userName,
            photoUrl: null,
            userName,
          },
          'development',
          userAgent,
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'user_name_taken', `The user name ${userName} is taken.`);
        throw error;
      }
    },

    /** The user behind a session token, sliding its idle expiry; null when unknown or expired. */
    async authenticate(token: string): Promise<AuthenticatedUser | null> {
      const tokenHash = hashToken(token);
      const found = await repository.findSessionWithUser(db, tokenHash);
      if (!found) return null;
      const at = now();
      if (!isSessionActive(found.session, at)) {
        await repository.deleteSession(db, tokenHash);
        return null;
      }
      const touched = touchSession(found.session, at, lifetime);
      if (touched) await repository.updateSessionTimes(db, tokenHash, touched);
      return found.user;
    },

    async signOut(token: string, userId: string): Promise<void> {
      await repository.deleteSession(db, hashToken(token));
      await recordServerEvent(db, { name: 'user_logout', userId, occurredAt: now() });
    },

    ...createWebSignIn({ db, clients, config, now, createSession }),
  };
}

export type { SignInResult };
export type AuthService = ReturnType<typeof createAuthService>;
