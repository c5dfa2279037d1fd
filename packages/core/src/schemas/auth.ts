/** Sign-in, sessions and the user's own account: requests and responses. */
import { z } from 'zod';
import { currentUserSchema } from './user.ts';
import { isoDateTimeSchema, storableString, userNameSchema } from './common.ts';

export const SIGN_IN_PROVIDERS = ['google', 'apple'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];
export const signInProviderSchema = z.enum(SIGN_IN_PROVIDERS);
export const signInProviderParamsSchema = z.strictObject({ provider: signInProviderSchema });

/** Which ways to sign in this server offers, for the sign-in dialog. */
export const authOptionsSchema = z.object({
  providers: z.array(
    z.object({
      provider: signInProviderSchema,
      /** Authorization-code flow in a popup or redirect (needs a web client). */
      web: z.boolean(),
      /** ID-token exchange from the iOS/Android SDK. */
      native: z.boolean(),
    }),
  ),
  /** Choose-a-name sign-in for trying PlaySpot locally; never in production. */
  development: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/**
 * Where the web sign-in returns: a path on this site only (no scheme, no `//host`), so the
 * flow cannot be turned into an open redirect.
 */
export const returnPathSchema = storableString()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'returnTo must be a path on this site, like /MapView');

export const webSignInStartQuerySchema = z.strictObject({
  /** popup: the callback page reports to the opener and closes; redirect: back to returnTo. */
  mode: z.enum(['popup', 'redirect']).default('redirect'),
  returnTo: returnPathSchema.default('/'),
});
export type WebSignInStartQuery = z.output<typeof webSignInStartQuerySchema>;

/** A one-time nonce for the device SDK to put into the ID token. */
export const signInNonceSchema = z.object({ nonce: z.string(), expiresAt: isoDateTimeSchema });

/** POST of the ID token a device SDK returned. */
export const nativeSignInSchema = z.strictObject({
  idToken: storableString().min(20).max(16_384),
  /** The nonce from POST /auth/nonce; the token carries it (or, for Apple, its SHA-256). */
  nonce: storableString().min(16).max(200),
  /** Apple sends the person's name to the app on the first sign-in only. */
  name: z
    .strictObject({
      givenName: storableString().trim().max(100).optional(),
      familyName: storableString().trim().max(100).optional(),
    })
    .optional(),
});
export type NativeSignIn = z.output<typeof nativeSignInSchema>;

export const devSignInSchema = z.strictObject({ userName: userNameSchema });

export const signedInSchema = z.object({
  user: currentUserSchema,
  /** The session ends at the latest at this time (idle expiry may end it sooner). */
  expiresAt: isoDateTimeSchema,
  /** Bearer token for the native app; absent on the web, where the session is a cookie. */
  token: z.string().optional(),
  /** True when this sign-in created the account. */
  isNewUser: z.boolean(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const userNameAvailabilitySchema = z.object({
  userName: z.string(),
  available: z.boolean(),
  /** Why not: 'taken', or a validation code such as 'too_short'. */
  reason: z.string().nullable(),
  message: z.string(),
});
export type UserNameAvailability = z.infer<typeof userNameAvailabilitySchema>;

export const userNameQuerySchema = z.strictObject({ userName: storableString().max(100) });

export const pointsSchema = z.object({
  points: z.int().min(0),
  level: z.int().min(1),
  pointsToNextLevel: z.int().min(1),
  /** 0–1 progress through the current level, for a progress bar. */
  levelProgress: z.number().min(0).max(1),
});
export type Points = z.infer<typeof pointsSchema>;
