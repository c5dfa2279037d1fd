/** What every way of signing in shares (the auth service and its web sign-in). */
import type { SignInProvider } from '@playspot/core';
import type * as repository from './auth.repository.ts';
import type { VerifiedIdentity } from './oidc-clients.ts';

export interface SignInResult {
  user: repository.UserRow;
  token: string;
  expiresAt: Date;
  isNewUser: boolean;
}

/** How long a started sign-in (its state, or a native nonce) may take. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

/** Signs the person in (creating their account the first time) and opens a session. */
export type CreateSession = (
  identity: repository.IdentityUpsert,
  method: SignInProvider | 'development',
  userAgent: string | null,
) => Promise<SignInResult>;

export const identityUpsert = (
  identity: VerifiedIdentity,
  displayName?: string | null,
): repository.IdentityUpsert => ({
  issuer: identity.issuer,
  subject: identity.subject,
  email: identity.email,
  displayName: displayName ?? identity.displayName,
  photoUrl: identity.photoUrl,
});
