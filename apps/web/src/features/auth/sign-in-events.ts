/**
 * Recording user_login / user_signup for the web sign-in. The popup's report and the
 * redirect's return carry no "new account" flag (the development sign-in does:
 * isNewUser), so an account created in the last two minutes counts as a sign-up.
 *
 * A redirect sign-in (popup blocked) comes back as a fresh page load: the provider is noted
 * in session storage before leaving, and the return is recorded once the user is known.
 */
import type { CurrentUser } from '@playspot/core';
import { trackSignIn } from '../../lib/analytics/analytics.ts';
import { readStoredText, removeStored, writeStoredText } from '../../platform/storage.ts';

const NEW_ACCOUNT_WINDOW_MS = 2 * 60_000;
const PENDING_REDIRECT_SIGN_IN_KEY = 'playspot.pendingSignIn';

export function isNewAccount(user: CurrentUser, now: Date): boolean {
  return now.getTime() - new Date(user.createdAt).getTime() <= NEW_ACCOUNT_WINDOW_MS;
}

export function rememberRedirectSignIn(provider: string): void {
  writeStoredText(PENDING_REDIRECT_SIGN_IN_KEY, provider, 'session');
}

/** Call once the current user is known after a page load. */
export function completeRedirectSignIn(user: CurrentUser | null, now: Date): void {
  const provider = readStoredText(PENDING_REDIRECT_SIGN_IN_KEY, 'session');
  if (provider === null) return;
  removeStored(PENDING_REDIRECT_SIGN_IN_KEY, 'session');
  if (user !== null) trackSignIn(provider, isNewAccount(user, now));
}
