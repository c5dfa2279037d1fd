/** People and their sessions: accounts, sessions, sign-in state and nonces. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Users are keyed by their identity provider's (issuer, subject), never by email.
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    userName: text('user_name'),
    /** The user name case-folded (core userNameKey): lookups by name, however it is typed. */
    userNameKey: text('user_name_key'),
    /** The user name's look-alike skeleton (core userNameSkeleton): names are unique by it. */
    userNameSkeleton: text('user_name_skeleton'),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['basic', 'moderator', 'admin'] })
      .notNull()
      .default('basic'),
    level: integer('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    leveledUp: boolean('leveled_up').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject),
    // User names are unique regardless of case (in any script) and of look-alike letters.
    uniqueIndex('users_user_name_key_key').on(t.userNameKey),
    uniqueIndex('users_user_name_skeleton_key').on(t.userNameSkeleton),
    check('users_role_check', sql`${t.role} in ('basic', 'moderator', 'admin')`),
    check('users_points_check', sql`${t.points} >= 0`),
    check('users_level_check', sql`${t.level} >= 1`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the random token; the token itself is never stored.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A web sign-in in progress: the OAuth state, PKCE verifier and nonce live here rather than in
 * a cookie, so Apple's cross-site form_post callback needs no loosened cookie. Single use.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    mode: text('mode', { enum: ['popup', 'redirect'] }).notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/** One-time nonces handed to device SDKs for the native ID-token exchange (SHA-256 stored). */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_nonces_expires_at_idx').on(t.expiresAt)],
);
