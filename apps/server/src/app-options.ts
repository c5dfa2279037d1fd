/** What buildApp (app.ts) is given: by main.ts from the config, by tests as they need. */
import type { TileSettings } from '@playspot/core';
import type { FastifyServerOptions } from 'fastify';
import type { AppLinksConfig, AuthConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { LiveLimits } from './features/live/live-hub.ts';
import type { DeliveryOptions } from './features/maintenance/maintenance.plugin.ts';
import type { FindFaces } from './features/photos/image-pipeline.ts';
import type { ImageWorkQueue } from './features/photos/image-work-queue.ts';
import type { Gazetteer } from './features/towns/gazetteer.ts';
import type { UploadPace } from './lib/upload-pace.ts';
import type { WriteAdmissionLimits } from './lib/write-admission.ts';
import type { ObjectStorage } from './storage/object-storage.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** Where photos are kept (local folder or S3-compatible bucket). */
  storage: ObjectStorage;
  auth: AuthConfig;
  /**
   * Origins of the native apps (config APP_ORIGINS): CORS for /api, bearer token only, their
   * cookie ignored. None when absent.
   */
  appOrigins?: readonly string[];
  /** Who may frame /embed (config EMBED_ORIGINS, issue 47); any site (`*`) when absent. */
  embedOrigins?: readonly string[];
  /** What the universal links / app links files name (config); neither is served when absent. */
  appLinks?: AppLinksConfig;
  /** Shared rate-limit counters for several server processes; in memory when absent. */
  redisUrl?: string | undefined;
  /** See Config.trustProxy. */
  trustProxy?: boolean | string[];
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** The API document's contact (config API_CONTACT_EMAIL); none when absent. */
  apiContactEmail?: string | undefined;
  /** The towns of the search box; the process's shared gazetteer (loaded once) when absent. */
  gazetteer?: () => Promise<Gazetteer>;
  /** Built web app to serve; skipped when absent (API-only, e.g. in tests). */
  webDistDir?: string | undefined;
  /** The web app's server renderer (render.js); by default dist-ssr/ beside webDistDir. */
  webSsrDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /**
   * The level of the one line logged per request (method, address, status, time), instead of
   * Fastify's two: 'debug' (development: quiet unless LOG_LEVEL=debug) by default, 'info' in
   * production, where the lines are JSON for a log collector.
   */
  requestLogLevel?: 'debug' | 'info';
  /**
   * Check every response against its schema before sending it (default true: development
   * and tests). Production skips the check for speed; undeclared fields are dropped either way.
   */
  checkResponses?: boolean;
  /**
   * The map index (features/map), on by default: `checkMs` between checksum checks
   * (default 60 s), `inBackground` to answer (the map from SQL) while it is built instead of
   * becoming ready after it, `gapGraceMs` how long a missing change is waited for (tests).
   * false: the map reads SQL only.
   */
  mapIndex?: { checkMs?: number; inBackground?: boolean; gapGraceMs?: number } | false;
  /** Limits of the live updates' streams (features/live); defaults when absent. */
  live?: Partial<LiveLimits>;
  /** Where uploads wait to be decoded (config IMAGE_WORKERS); one worker per core when absent. */
  imageWork?: ImageWorkQueue;
  /** Finds faces to blur in every photo; a pool of detector threads, one per image worker, when absent. */
  findFaces?: FindFaces;
  /**
   * Prometheus metrics (lib/metrics.ts): counted when set; `token` serves them at GET /metrics
   * on this app's port to callers with it (null: only on the admin port main.ts opens).
   */
  metrics?: { token: string | null };
  /** The map's tiles as the web app gets them (GET /api/config); OpenStreetMap's when absent. */
  tiles?: TileSettings;
  /** Limits on writes in flight (see lib/write-admission.ts); defaults suit the database. */
  writeAdmission?: Partial<WriteAdmissionLimits>;
  /**
   * Sending defects to maintainers (issue 48: e-mail, Open311) with pg-boss jobs; main.ts
   * always gives it. Absent: defects are made but nothing is queued or sent (most tests).
   */
  deliveries?: DeliveryOptions;
  /** The pace an upload's body must keep (lib/upload-pace.ts); DEFAULT_UPLOAD_PACE when absent. */
  uploadPace?: UploadPace;
}
