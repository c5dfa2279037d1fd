/** The environment variables the server reads, each with its parsing and default (config.ts). */
import { DEFAULT_ANALYTICS_RETENTION_DAYS, isTileUrlTemplate } from '@playspot/core';
import { z } from 'zod';

export const listFromEnv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/**
 * A comma-separated list whose every item `parse` accepts (null: refused); a refused item
 * is named in the error, with what was expected.
 */
const listOf = (parse: (item: string) => string | null, expected: string) =>
  z.string().transform((value, context) => {
    const parsed: string[] = [];
    for (const item of listFromEnv(value)) {
      const result = parse(item);
      if (result === null) {
        context.addIssue({ code: 'custom', message: `"${item}" is not ${expected}` });
        return z.NEVER;
      }
      parsed.push(result);
    }
    return parsed;
  });

/**
 * `scheme://host[:port]` as a browser sends it in Origin, lower case, or null. URL's own
 * `origin` is "null" for the app's capacitor: scheme, so the origin is put together here.
 */
function parseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const plainHost = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(url.host);
  const originOnly =
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    (url.pathname === '' || url.pathname === '/');
  return plainHost && originOnly ? `${url.protocol}//${url.host}`.toLowerCase() : null;
}

/** The WebView origins of the native apps: iOS (Capacitor's scheme), then Android. */
const DEFAULT_APP_ORIGINS = 'capacitor://localhost,https://localhost';

/** Apple's app identifier: the 10-character team id, a dot, the bundle id. */
const APPLE_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;
/** An Android package name, e.g. app.playspot. */
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** A SHA-256 certificate fingerprint as keytool and Play Console print it: 32 hex pairs. */
const SHA256_FINGERPRINT = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/i;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The published API document's contact address (info.contact.email). */
  API_CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PUBLIC_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  APP_ORIGINS: z
    .string()
    .default(DEFAULT_APP_ORIGINS)
    .pipe(listOf(parseOrigin, 'an origin like capacitor://localhost')),
  // Who may frame /embed (issue 47): `*` (any site, the default) or a list of origins.
  EMBED_ORIGINS: z
    .string()
    .default('*')
    .pipe(
      listOf(
        (item) =>
          item === '*'
            ? '*'
            : (parseOrigin(item) ?? (/^https:\/\/\*\.[a-z0-9.-]+$/i.test(item) ? item.toLowerCase() : null)),
        'an origin like https://www.council.example, https://*.council.example, or *',
      ),
    ),
  APPLE_APP_IDS: listOf(
    (item) => (APPLE_APP_ID.test(item) ? item : null),
    'an app id like ABCDE12345.app.playspot (team id, dot, bundle id)',
  ).optional(),
  ANDROID_APP_ID: z
    .string()
    .regex(ANDROID_PACKAGE, 'must be a package name like app.playspot')
    .default('app.playspot'),
  ANDROID_CERT_SHA256: listOf(
    (item) => (SHA256_FINGERPRINT.test(item) ? item.toUpperCase() : null),
    'a SHA-256 fingerprint (32 hex pairs joined by colons)',
  ).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_NATIVE_CLIENT_IDS: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_NATIVE_CLIENT_IDS: z.string().optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(180),
  MAP_INDEX: z.enum(['on', 'off']).default('on'),
  MAP_INDEX_CHECK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(1023).optional(),
  IMAGE_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).optional(),
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  TILE_URL: z
    .string()
    .refine(isTileUrlTemplate, 'must be an https:// or /-relative URL template with {z}, {x} and {y}')
    .optional(),
  TILE_ATTRIBUTION: z.string().min(1).optional(),
  TILE_OFFLINE: booleanFromEnv.default(false),
  TILE_OSM_POLICY_ACCEPTED: booleanFromEnv.default(false),
  // A bearer token as the session tokens are shaped, so the sign-in hook lets it through.
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{32,200}$/u,
      'must be 32 to 200 letters, digits, - or _ (e.g. openssl rand -hex 32)',
    )
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Broken equipment sent to maintainers (issue 48, docs/councils.md).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(300).optional(),
  MAIL_REPLY_TO: z.string().min(3).max(300).optional(),
  DELIVERY_RETRIES: z.coerce.number().int().min(0).max(30).default(8),
  DELIVERY_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  DELIVERY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  DELIVERY_WORKER: booleanFromEnv.default(true),
  OPEN311_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  OPEN311_POLLS: z.coerce.number().int().min(1).max(10_000).default(336),
  RETENTION_ANALYTICS_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
});

export type Environment = z.output<typeof environmentSchema>;
