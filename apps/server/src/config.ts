/** Environment, validated once. Every setting the server reads lives here. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_ANALYTICS_RETENTION_DAYS,
  isOsmPublicTileServer,
  isTileUrlTemplate,
  OSM_TILE_ATTRIBUTION,
  OSM_PUBLIC_TILE_URL,
  OSM_TILE_POLICY_URL,
  type TileSettings,
} from '@playspot/core';
import { z } from 'zod';
import {
  libuvThreadPoolSize,
  resolveImageWorkLimits,
  type ImageWorkLimits,
} from './features/photos/image-work-queue.ts';
import type { StorageOptions } from './storage/create-storage.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const listFromEnv = (value: string | undefined): string[] =>
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

const environmentSchema = z.object({
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
  RETENTION_ANALYTICS_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
});

/** Apple's client secret is a short-lived JWT signed with a key from the developer account. */
export type AppleClientSecret =
  | { kind: 'static'; secret: string }
  | { kind: 'signing-key'; teamId: string; keyId: string; privateKeyPem: string };

export interface OidcProviderConfig {
  provider: 'google' | 'apple';
  issuer: string;
  /** Web client (authorization-code flow); absent when only native sign-in is set up. */
  web: { clientId: string; clientSecret: { kind: 'static'; secret: string } | AppleClientSecret } | null;
  /** Every audience an ID token may be issued to: the web client id and the app's ids. */
  audiences: string[];
  /** Google answers on the redirect URL; Apple posts the answer to it (form_post). */
  responseMode: 'query' | 'form_post';
}

export interface AuthConfig {
  /** The address people use, for redirect URIs, cookie security and origin checks. */
  publicUrl: URL;
  allowedOrigins: string[];
  providers: OidcProviderConfig[];
  /** Choose-a-name sign-in: only when no provider is configured, never in production. */
  devSignIn: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

/** What the native apps' universal links (iOS) and app links (Android) are checked against. */
export interface AppLinksConfig {
  /** `<team id>.<bundle id>` of each iOS app (APPLE_APP_IDS); empty: no apple-app-site-association. */
  appleAppIds: string[];
  /** The Android package and its signing certificates' SHA-256; null: no assetlinks.json. */
  android: { packageName: string; certFingerprints: string[] } | null;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Holds the embedded database (`pglite/`) and uploads. */
  dataDir: string;
  seedDemoData: boolean;
  /** API_CONTACT_EMAIL: who answers questions about this server's API; undefined when unset. */
  apiContactEmail: string | undefined;
  webDistDir: string;
  auth: AuthConfig;
  /**
   * Origins of the native apps' WebViews (APP_ORIGINS): they may call /api cross-origin
   * with a bearer token, never with the cookie. Empty: no CORS at all.
   */
  appOrigins: string[];
  appLinks: AppLinksConfig;
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): none by default, so a
   * client cannot pick its own address to slip past rate limits.
   */
  trustProxy: boolean | string[];
  redisUrl: string | undefined;
  /** Where photos go: a folder under DATA_DIR, or an S3-compatible bucket. */
  storage: StorageOptions;
  /**
   * The map index (features/map): on, with the time between its checksum checks
   * against the database; off answers the map from SQL (what the benchmark compares with).
   */
  mapIndex: { checkMs: number } | false;
  /**
   * Development and tests only: the server's clock starts at this instant and runs from
   * there (browser tests of "happening now" need a known weekday and hour). Null: real time.
   */
  clockStart: Date | null;
  /**
   * Photos decoded at once (IMAGE_WORKERS, default one per core, below UV_THREADPOOL_SIZE)
   * and waiting for a turn (IMAGE_QUEUE_LENGTH, default twice that); more get 503.
   */
  imageWork: ImageWorkLimits;
  /**
   * Server processes sharing the port (SERVER_PROCESSES, default 1): one per core uses the
   * machine as PostgreSQL does. More than one needs PostgreSQL (the embedded database is one
   * process's) and Redis (rate limits counted once for all).
   */
  serverProcesses: number;
  /** The map's tiles, served to the web app at run time (GET /api/config). */
  tiles: TileSettings;
  /**
   * Prometheus metrics (GET /metrics): with `token`, on the app's port behind a bearer token;
   * with `port`, on a port of their own (on `host`, loopback by default). Null: no metrics.
   */
  metrics: { token: string | null; port: number | null; host: string } | null;
  /** Analytics events older than this many days are deleted by the daily retention job. */
  retentionAnalyticsDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Relative paths are taken from the directory the user ran npm in (INIT_CWD), not from the
 * workspace folder npm switches into.
 */
function resolveFromUser(value: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

type Environment = z.output<typeof environmentSchema>;

function appleSecret(values: Environment): AppleClientSecret | null {
  if (values.APPLE_CLIENT_SECRET) return { kind: 'static', secret: values.APPLE_CLIENT_SECRET };
  if (values.APPLE_TEAM_ID && values.APPLE_KEY_ID && values.APPLE_PRIVATE_KEY) {
    return {
      kind: 'signing-key',
      teamId: values.APPLE_TEAM_ID,
      keyId: values.APPLE_KEY_ID,
      // Environment files often carry the PEM with literal \n.
      privateKeyPem: values.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n'),
    };
  }
  return null;
}

function providersFrom(values: Environment): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  const googleWeb =
    values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
      ? {
          clientId: values.GOOGLE_CLIENT_ID,
          clientSecret: { kind: 'static' as const, secret: values.GOOGLE_CLIENT_SECRET },
        }
      : null;
  const googleAudiences = [
    ...(values.GOOGLE_CLIENT_ID ? [values.GOOGLE_CLIENT_ID] : []),
    ...listFromEnv(values.GOOGLE_NATIVE_CLIENT_IDS),
  ];
  if (googleAudiences.length > 0) {
    providers.push({
      provider: 'google',
      issuer: values.GOOGLE_ISSUER,
      web: googleWeb,
      audiences: googleAudiences,
      responseMode: 'query',
    });
  }
  const secret = appleSecret(values);
  const appleWeb =
    values.APPLE_CLIENT_ID && secret ? { clientId: values.APPLE_CLIENT_ID, clientSecret: secret } : null;
  const appleAudiences = [
    ...(values.APPLE_CLIENT_ID ? [values.APPLE_CLIENT_ID] : []),
    ...listFromEnv(values.APPLE_NATIVE_CLIENT_IDS),
  ];
  if (appleAudiences.length > 0) {
    providers.push({
      provider: 'apple',
      issuer: values.APPLE_ISSUER,
      web: appleWeb,
      audiences: appleAudiences,
      responseMode: 'form_post',
    });
  }
  return providers;
}

function storageFrom(values: Environment, dataDir: string): StorageOptions {
  if (values.STORAGE === 'local') return { kind: 'local', root: path.join(dataDir, 'uploads') };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !values[name],
  );
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')}`);
  return {
    kind: 's3',
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    bucket: values.S3_BUCKET ?? '',
    accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    publicBaseUrl: values.S3_PUBLIC_URL,
  };
}

function trustProxyFrom(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return listFromEnv(value);
}

function imageWorkFrom(values: Environment, env: NodeJS.ProcessEnv): ImageWorkLimits {
  try {
    return resolveImageWorkLimits({
      workers: values.IMAGE_WORKERS,
      queueLength: values.IMAGE_QUEUE_LENGTH,
      cores: availableParallelism(),
      threadPoolSize: libuvThreadPoolSize(env),
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function authFrom(values: Environment): AuthConfig {
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  const providers = providersFrom(values);
  return {
    publicUrl,
    allowedOrigins: [publicUrl.origin, ...listFromEnv(values.ALLOWED_ORIGINS)],
    providers,
    // Native-only clients (ID tokens from the apps) give the web no way in, so a developer
    // building the apps keeps the development sign-in until a web client is configured.
    devSignIn: !providers.some((provider) => provider.web) && values.NODE_ENV !== 'production',
    sessionIdleMs: values.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    sessionAbsoluteMs: values.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
  };
}

/**
 * The web app's own origin must not be an app origin: its pages sign in with the cookie,
 * which requests from app origins never use.
 */
function appOriginsFrom(values: Environment, auth: AuthConfig): string[] {
  const ownOrigin = auth.publicUrl.origin.toLowerCase();
  if (values.APP_ORIGINS.includes(ownOrigin)) {
    throw new ConfigError(
      `Invalid configuration:\n  APP_ORIGINS: ${ownOrigin} is PUBLIC_URL's own origin, whose pages sign in with the cookie; leave it out`,
    );
  }
  return values.APP_ORIGINS;
}

function appLinksFrom(values: Environment): AppLinksConfig {
  const certFingerprints = values.ANDROID_CERT_SHA256 ?? [];
  return {
    appleAppIds: values.APPLE_APP_IDS ?? [],
    android: certFingerprints.length > 0 ? { packageName: values.ANDROID_APP_ID, certFingerprints } : null,
  };
}

/**
 * The map's tiles. OpenStreetMap's public tile server is for light use: its policy forbids
 * heavy use by distributed apps and keeping tiles to view offline. So a production start
 * with it refuses unless the operator says they have read the policy and stay within it.
 */
function tilesFrom(values: Environment): TileSettings {
  const url = values.TILE_URL ?? OSM_PUBLIC_TILE_URL;
  const osm = isOsmPublicTileServer(url);
  if (values.TILE_URL !== undefined && !osm && values.TILE_ATTRIBUTION === undefined) {
    throw new ConfigError(
      "Invalid configuration:\n  TILE_ATTRIBUTION: set it with TILE_URL (the credit your tile provider's licence asks for, HTML)",
    );
  }
  if (osm && values.TILE_OFFLINE) {
    throw new ConfigError(
      `Invalid configuration:\n  TILE_OFFLINE: OpenStreetMap's tile usage policy (${OSM_TILE_POLICY_URL}) forbids keeping its tiles to view offline; use another TILE_URL`,
    );
  }
  if (osm && values.NODE_ENV === 'production' && !values.TILE_OSM_POLICY_ACCEPTED) {
    throw new ConfigError(
      "Invalid configuration:\n  TILE_URL: the map would load its tiles from OpenStreetMap's public tile server, " +
        `whose tile usage policy (${OSM_TILE_POLICY_URL}) forbids heavy use by distributed apps. ` +
        'Set TILE_URL (and TILE_ATTRIBUTION) to a provider you have an agreement with or your own tile server, ' +
        'or set TILE_OSM_POLICY_ACCEPTED=true if your use stays within the policy. See docs/tiles.md.',
    );
  }
  return { url, attribution: values.TILE_ATTRIBUTION ?? OSM_TILE_ATTRIBUTION, offline: values.TILE_OFFLINE };
}

function metricsFrom(values: Environment): Config['metrics'] {
  if (values.METRICS_TOKEN === undefined && values.METRICS_PORT === undefined) return null;
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (it is the admin port)',
    );
  }
  return {
    token: values.METRICS_TOKEN ?? null,
    port: values.METRICS_PORT ?? null,
    host: values.METRICS_HOST,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.CLOCK_START !== undefined && values.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  CLOCK_START: only for development and tests, never in production',
    );
  }
  if (values.SERVER_PROCESSES > 1 && (!values.DATABASE_URL || !values.REDIS_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  SERVER_PROCESSES above 1 needs DATABASE_URL (PostgreSQL: the embedded database ' +
        'belongs to one process) and REDIS_URL (rate limits counted once for all processes)',
    );
  }
  const dataDir = values.DATA_DIR ? resolveFromUser(values.DATA_DIR, env) : path.join(repositoryRoot, 'data');
  const auth = authFrom(values);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    seedDemoData: values.SEED_DEMO_DATA,
    apiContactEmail: values.API_CONTACT_EMAIL,
    auth,
    appOrigins: appOriginsFrom(values, auth),
    appLinks: appLinksFrom(values),
    trustProxy: trustProxyFrom(values.TRUST_PROXY),
    redisUrl: values.REDIS_URL,
    storage: storageFrom(values, dataDir),
    mapIndex: values.MAP_INDEX === 'on' ? { checkMs: values.MAP_INDEX_CHECK_SECONDS * 1000 } : false,
    clockStart: values.CLOCK_START === undefined ? null : new Date(values.CLOCK_START),
    imageWork: imageWorkFrom(values, env),
    serverProcesses: values.SERVER_PROCESSES,
    tiles: tilesFrom(values),
    metrics: metricsFrom(values),
    retentionAnalyticsDays: values.RETENTION_ANALYTICS_DAYS,
    webDistDir: values.WEB_DIST_DIR
      ? resolveFromUser(values.WEB_DIST_DIR, env)
      : path.join(repositoryRoot, 'apps/web/dist'),
  };
}
