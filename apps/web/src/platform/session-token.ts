/**
 * The native app's session: a bearer token the server gave at sign-in, sent on every API
 * request. On the web the session is an httpOnly cookie the page never sees: there is no
 * token, and these do nothing.
 */
import { nativeShell } from './native-shell.ts';

export function sessionBearerToken(): string | null {
  return nativeShell()?.session.token() ?? null;
}

export async function saveSessionToken(token: string): Promise<void> {
  await nativeShell()?.session.save(token);
}

export async function forgetSessionToken(): Promise<void> {
  await nativeShell()?.session.clear();
}
