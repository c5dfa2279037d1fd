/** The server's settings as loadConfig (config.ts) gives them. */
import type { TileSettings } from '@playspot/core';
import type { DeliveryOptions } from './features/maintenance/maintenance.plugin.ts';
import type { ImageWorkLimits } from './features/photos/image-work-queue.ts';
import type { StorageOptions } from './storage/create-storage.ts';

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
  /** Who may frame the embeddable map, /embed (EMBED_ORIGINS): `*` or origins; nothing else is framable. */
  embedOrigins: string[];
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
  /** Defects sent to maintainers (issue 48): SMTP_URL, MAIL_FROM…, DELIVERY_*, OPEN311_*. */
  deliveries: DeliveryOptions;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
