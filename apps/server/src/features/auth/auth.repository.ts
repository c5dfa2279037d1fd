/** SQL for sign-in: users by identity, sessions, and the one-time state of sign-ins in flight. */
import { and, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import { userNameKey, userNameSkeleton, type SessionTimes, type SignInProvider } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { oauthStates, sessions, signInNonces, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface IdentityUpsert {
  issuer: string;
  subject: string;
  email: string | null;
  displayName: string | null;
  photoUrl: string | null;
  /** Set only on a brand-new account (the development sign-in chooses its name). */
  userName?: string;
}

/**
 * The user for (issuer, subject), created on first sign-in. Email and photo follow the
 * provider; a name is never replaced by "no name" (Apple sends it on the first sign-in only).
 */
export async function upsertUserByIdentity(
  db: Database,
  identity: IdentityUpsert,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  const [row] = await db
    .insert(users)
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      displayName: identity.displayName,
      photoUrl: identity.photoUrl,
      // As users.repository stores a name: as chosen, case-folded, and its look-alike skeleton.
      userName: identity.userName ?? null,
      userNameKey: identity.userName ? userNameKey(identity.userName) : null,
      userNameSkeleton: identity.userName ? userNameSkeleton(identity.userName) : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: {
        email: sql`coalesce(excluded.email, ${users.email})`,
        displayName: sql`coalesce(excluded.display_name, ${users.displayName})`,
        photoUrl: sql`coalesce(excluded.photo_url, ${users.photoUrl})`,
        updatedAt: now,
      },
    })
    // xmax is 0 on a freshly inserted row version, and set when ON CONFLICT updated one.
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no row');
  const { created, ...user } = row;
  return { user, created };
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: string; userAgent: string | null } & SessionTimes,
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: session.tokenHash,
    userId: session.userId,
    userAgent: session.userAgent,
    createdAt: session.lastSeenAt,
    lastSeenAt: session.lastSeenAt,
    idleExpiresAt: session.idleExpiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
  });
}

export async function findSessionWithUser(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      session: {
        tokenHash: sessions.tokenHash,
        lastSeenAt: sessions.lastSeenAt,
        idleExpiresAt: sessions.idleExpiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
      },
      user: { id: users.id, role: users.role, userName: users.userName },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function updateSessionTimes(
  db: Database,
  tokenHash: string,
  times: SessionTimes,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: times.lastSeenAt, idleExpiresAt: times.idleExpiresAt })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSignInState(db: Database, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.delete(signInNonces).where(lt(signInNonces.expiresAt, now));
  await db
    .delete(sessions)
    .where(sql`${sessions.idleExpiresAt} < ${now} or ${sessions.absoluteExpiresAt} < ${now}`);
}

export interface OAuthStateRow {
  state: string;
  provider: SignInProvider;
  codeVerifier: string;
  nonce: string;
  mode: 'popup' | 'redirect';
  returnTo: string;
  expiresAt: Date;
}

export async function insertOAuthState(db: Database, row: OAuthStateRow): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** Removes and returns a sign-in's state, if it exists and has not expired: it works once. */
export async function takeOAuthState(db: Database, state: string, now: Date): Promise<OAuthStateRow | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function insertSignInNonce(db: Database, nonceHash: string, expiresAt: Date): Promise<void> {
  await db.insert(signInNonces).values({ nonceHash, expiresAt });
}

/** Consumes a nonce: true if it was outstanding, false if unknown, expired or already used. */
export async function takeSignInNonce(db: Database, nonceHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(signInNonces)
    .where(and(eq(signInNonces.nonceHash, nonceHash), gt(signInNonces.expiresAt, now)))
    .returning({ nonceHash: signInNonces.nonceHash });
  return rows.length > 0;
}
