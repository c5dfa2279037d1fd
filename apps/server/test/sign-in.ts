/** Signing in inside app.inject tests, through the development sign-in. */
import type { FastifyInstance } from 'fastify';
import type { UserRole } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';
import { TEST_PUBLIC_URL } from './app-options.ts';

export const SAME_ORIGIN = { origin: TEST_PUBLIC_URL.origin, 'sec-fetch-site': 'same-origin' };

export interface SignedInTestUser {
  userName: string;
  /** Headers for a same-origin browser request carrying the session cookie. */
  headers: Record<string, string>;
  cookie: string;
}

let nextAddress = 1;

export async function signInAs(app: FastifyInstance, userName: string): Promise<SignedInTestUser> {
  const response = await app.inject({
    method: 'POST',
    // Each test user signs in from an address of their own, as people do, so the sign-in
    // rate limit (per address) stays on in tests without tripping.
    remoteAddress: `10.0.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`,
    url: '/api/auth/development/sign-in',
    headers: SAME_ORIGIN,
    payload: { userName },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const sessionCookie = response.cookies.find((cookie) => cookie.name.endsWith('playspot_session'));
  if (!sessionCookie) throw new Error('no session cookie set');
  const cookie = `${sessionCookie.name}=${sessionCookie.value}`;
  return { userName, cookie, headers: { ...SAME_ORIGIN, cookie } };
}

export async function setRole(database: DatabaseHandle, userName: string, role: UserRole): Promise<void> {
  await database.query(sql`update users set role = ${role} where lower(user_name) = lower(${userName})`);
}
