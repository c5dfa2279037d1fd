/** Builds the Fastify instance (plugins, routes). Used by main.ts and by tests. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { OSM_TILE_ATTRIBUTION, OSM_PUBLIC_TILE_URL, type TileSettings } from '@playspot/core';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppLinksConfig, AuthConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { recordServerEvent } from './features/analytics/analytics.repository.ts';
import { createAppMetrics, installRequestMetrics, metricsRoute, type AppMetrics } from './lib/metrics.ts';
import { runtimeConfigRoutes } from './features/runtime-config/runtime-config.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { appLinksRoutes } from './features/app-links/app-links.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { OidcClients } from './features/auth/oidc-clients.ts';
import { installRequestAuthentication, sessionCookieFor } from './features/auth/request-authentication.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { deleteComment, lockCommentForDeletion } from './features/comments/comments.repository.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { dealsRoutes } from './features/deals/deals.routes.ts';
import { createDealsService } from './features/deals/deals.service.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { sharedGazetteer, type Gazetteer } from './features/towns/gazetteer.ts';
import { townsRoutes } from './features/towns/towns.routes.ts';
import { createTownsService } from './features/towns/towns.service.ts';
import { createEventsService } from './features/events/events.service.ts';
import { insertAuditEntries } from './features/moderation/moderation.repository.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { createModerationService } from './features/moderation/moderation.service.ts';
import { createCommentsService } from './features/comments/comments.service.ts';
import { deleteLocation, locationExists, lockLocation } from './features/locations/locations.repository.ts';
import { lastVisitAt } from './features/locations/visits.repository.ts';
import { locationsRoutes } from './features/locations/locations.routes.ts';
import { photosRoutes } from './features/photos/photos.routes.ts';
import { changePoints } from './features/points/points.repository.ts';
import { createPhotosService } from './features/photos/photos.service.ts';
import {
  createImageWorkQueue,
  defaultImageWorkLimits,
  type ImageWorkLimits,
  type ImageWorkQueue,
} from './features/photos/image-work-queue.ts';
import { createFaceDetector } from './features/photos/faces/face-detector.ts';
import type { FindFaces } from './features/photos/image-pipeline.ts';
import { removalRequestsRoutes } from './features/removal-requests/removal-requests.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { createRemovalRequestsService } from './features/removal-requests/removal-requests.service.ts';
import { filesRoutes } from './storage/files.routes.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import { factsRoutes } from './features/facts/facts.routes.ts';
import { conditionsRoutes } from './features/conditions/conditions.routes.ts';
import { createConditionsService } from './features/conditions/conditions.service.ts';
import { openDataRoutes } from './features/open-data/open-data.routes.ts';
import { openDumpsRoutes } from './features/open-data/open-dumps.routes.ts';
import { answerFacts } from './features/facts/answer-facts.ts';
import { createFactsService } from './features/facts/facts.service.ts';
import { favouritesRoutes } from './features/favourites/favourites.routes.ts';
import { createFavouritesService } from './features/favourites/favourites.service.ts';
import { DEFAULT_LIVE_LIMITS, LiveHub, type LiveLimits } from './features/live/live-hub.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { MapIndexKeeper } from './features/map/index.ts';
import { createLocationsService } from './features/locations/locations.service.ts';
import { createPlacePages, placeIdFromPath } from './features/locations/place-page-html.ts';
import {
  createPlaceDrawing,
  encodePage,
  loadWebRenderer,
  pageEntityTag,
  webInlineScriptHashes,
} from './lib/server-drawn-pages.ts';
import { myDataRoutes } from './features/my-data/my-data.routes.ts';
import { createMyDataService } from './features/my-data/my-data.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { requireDeclaredAccess } from './lib/access.ts';
import { installApiDocument } from './lib/api-document.ts';
import { installAppOriginsCors } from './lib/app-origins-cors.ts';
import type { LockLocation } from './lib/capabilities.ts';
import { keepPersonalResponsesOutOfCaches } from './lib/personal-responses.ts';
import { refuseUndeclaredInput } from './lib/undeclared-input.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { declareErrorResponses } from './lib/error-responses.ts';
import { errorBody } from './lib/errors.ts';
import { installApiCompression, REVALIDATE_CACHE_CONTROL, serveWebApp } from './lib/web-app-serving.ts';
import {
  createWriteAdmission,
  installWriteAdmission,
  type WriteAdmissionLimits,
} from './lib/write-admission.ts';
import { DEFAULT_UPLOAD_PACE, type UploadPace } from './lib/upload-pace.ts';

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
  /** The pace an upload's body must keep (lib/upload-pace.ts); DEFAULT_UPLOAD_PACE when absent. */
  uploadPace?: UploadPace;
}

/**
 * Writes in flight: two per person (a double tap runs at once, a flood queues), and overall
 * two fewer than the database's connections, so reads and session lookups always find one.
 */
export function defaultWriteAdmission(database: DatabaseHandle): WriteAdmissionLimits {
  return {
    perKey: 2,
    total: Math.max(2, database.connections - 2),
    queuePerKey: 32,
    queue: 200,
    maxWaitMs: 10_000,
  };
}

/** A face detector for this app's photos, its threads stopped when the app closes. */
function ownFaceDetector(app: FastifyInstance, threads: number): FindFaces {
  const detector = createFaceDetector({ threads });
  app.addHook('onClose', async () => {
    await detector.close();
  });
  return (rgb, width, height) => detector.detect(rgb, width, height);
}

/**
 * Photo uploads: two per person at once, half the slots (at least one) per network address,
 * and no more overall than the image queue holds, so it never has to refuse one; the rest wait
 * (up to 30 s) before their bodies are read. A body that trickles loses its slot within seconds
 * (lib/upload-pace.ts), so a few accounts on one address cannot keep everyone else waiting.
 */
export function uploadAdmission(imageLimits: ImageWorkLimits): WriteAdmissionLimits {
  const total = imageLimits.workers + imageLimits.queueLength;
  return {
    perKey: 2,
    perAddress: Math.max(1, Math.floor(total / 2)),
    total,
    queuePerKey: 10,
    queue: 200,
    maxWaitMs: 30_000,
  };
}

/** PGlite has one connection and no pool to measure. */
const nullPoolStats = { total: null, idle: null, waiting: null };

/** Default time between the map index's checksum checks against the database. */
export const DEFAULT_MAP_INDEX_CHECK_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's map index keeper; null when the map reads SQL only. */
    mapIndex: MapIndexKeeper | null;
    /** This process's Prometheus metrics; null when they are off. */
    metrics: AppMetrics | null;
  }
}

/**
 * Builds this process's map index when the app gets ready, and brings it up to date before a
 * write's response, so whoever wrote sees their change on the map at once.
 */
function installMapIndex(app: FastifyInstance, options: AppOptions): MapIndexKeeper | null {
  const settings = options.mapIndex ?? {};
  const keeper =
    settings === false
      ? null
      : new MapIndexKeeper(options.database, app.log, {
          checkMs: settings.checkMs ?? DEFAULT_MAP_INDEX_CHECK_MS,
          ...(settings.gapGraceMs === undefined ? {} : { gapGraceMs: settings.gapGraceMs }),
        });
  app.decorate('mapIndex', keeper);
  if (!keeper || settings === false) return null;
  app.addHook('onReady', async () => {
    const started = keeper.start();
    if (settings.inBackground) started.catch(() => undefined);
    else await started;
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      await keeper.catchUp();
  });
  app.addHook('onClose', async () => {
    await keeper.close();
  });
  return keeper;
}

/**
 * Live updates (features/live) ride on the map index's one change follower: off with it.
 * Open streams end when the app closes (browsers reconnect to another process).
 */
function installLiveUpdates(
  app: FastifyInstance,
  keeper: MapIndexKeeper | null,
  options: AppOptions,
): LiveHub | null {
  if (!keeper) return null;
  const hub = new LiveHub({ ...DEFAULT_LIVE_LIMITS, ...options.live });
  const stop = keeper.onChanges((applied) => {
    hub.receive(applied);
  });
  app.addHook('preClose', (done) => {
    stop();
    hub.closeAll();
    done();
  });
  return hub;
}

/**
 * One log line per request (method, address, status, time) at `level`, instead of Fastify's
 * "incoming request" and "request completed" at info: quiet in development unless
 * LOG_LEVEL=debug, one JSON line each in production. Errors still log as errors.
 */
class OneLinePerRequest extends LogController {
  private readonly level: 'debug' | 'info';

  constructor(level: 'debug' | 'info') {
    super();
    this.level = level;
  }

  override incomingRequest(): void {
    // Said once, when the request is completed.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log[this.level](line, 'request');
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(options.requestLogLevel ?? 'debug'),
    // Bodies larger than this are refused before parsing; uploads get their own limit.
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within this (Fastify's default is never): a body that
    // trickles or stalls would otherwise hold its upload slot for ever. 90 s carries a
    // phone-sized photo (the app sends at most 1600 px) over a poor 3G connection.
    requestTimeout: 90_000,
    trustProxy: options.trustProxy ?? false,
    // Addresses the router refuses before any route runs still answer in the API's one shape.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void reply.status(414).send(errorBody('uri_too_long', 'A part of the address is too long.'));
      } else {
        void reply.status(400).send(errorBody('bad_url', 'The address is not valid.'));
      }
    },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkContract: options.checkResponses ?? true }));
  installErrorHandler(app);
  requireDeclaredAccess(app);
  refuseUndeclaredInput(app);
  declareErrorResponses(app);
  keepPersonalResponsesOutOfCaches(app);
  // Only JSON by default: Fastify's built-in text/plain parser goes (analytics adds its own
  // for sendBeacon); form bodies and multipart are parsed only by the routes that take them,
  // so any other route answers 415.
  app.removeContentTypeParser('text/plain');

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Map tiles and avatars come from other origins; Leaflet positions tiles with inline styles.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The web build's boot script (apps/web/build-tools/boot-script.ts), by its hash.
        scriptSrc: ["'self'", ...webInlineScriptHashes(options.webDistDir)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Nothing may redirect relative URLs elsewhere (ASVS 3.4.3).
        baseUri: ["'none'"],
        // The installable app's service worker and manifest (issue 16), from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
  // Before the auth hook: preflights carry no credentials and are answered here.
  installAppOriginsCors(app, options.appOrigins ?? []);
  // Before the routes: compression attaches itself to each route as it is declared.
  await installApiCompression(app);
  // Writes opt in per route (`config.rateLimit`); reads stay unthrottled. Counted per
  // signed-in person, else per address (the auth hook has run by the time routes limit).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    ...(options.redisUrl ? { redis: new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) } : {}),
  });

  await installApiDocument(app, {
    publicUrl: options.auth.publicUrl,
    sessionCookieName: sessionCookieFor(options.auth.publicUrl).name,
    contactEmail: options.apiContactEmail,
  });

  await app.register(cookie);

  const now = options.now ?? (() => new Date());
  // A feature asks another for what it needs (lib/capabilities.ts) through its service's
  // dependencies, given here: never by importing the other feature's repository.
  const lockPlace: LockLocation = lockLocation;
  const cookieSettings = sessionCookieFor(options.auth.publicUrl);
  const auth = createAuthService({
    database: options.database,
    clients: new OidcClients(options.auth.providers),
    config: options.auth,
    now,
    recordServerEvent,
  });
  installRequestAuthentication(app, {
    auth,
    config: options.auth,
    cookie: cookieSettings,
    appOrigins: options.appOrigins ?? [],
  });
  const imageWork = options.imageWork ?? createImageWorkQueue(defaultImageWorkLimits());
  const admissions = {
    writes: createWriteAdmission({ ...defaultWriteAdmission(options.database), ...options.writeAdmission }),
    uploads: createWriteAdmission(uploadAdmission(imageWork.limits)),
  };
  installWriteAdmission(app, admissions);

  const mapIndex = installMapIndex(app, options);
  const metrics = options.metrics
    ? createAppMetrics({
        admission: () => ({ writes: admissions.writes.stats(), uploads: admissions.uploads.stats() }),
        imageQueue: () => ({ ...imageWork.stats(), ...imageWork.limits }),
        mapIndex: async () => (mapIndex ? mapIndex.lagStatus() : null),
        pool: () => ({
          max: options.database.connections,
          ...(options.database.poolStats?.() ?? nullPoolStats),
        }),
      })
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    installRequestMetrics(app, metrics);
    if (options.metrics?.token) metricsRoute(app, metrics.registry, options.metrics.token);
  }
  await app.register(healthRoutes(options.database, () => mapIndex?.status() ?? null));
  await app.register(liveRoutes(installLiveUpdates(app, mapIndex, options)));
  await app.register(
    runtimeConfigRoutes({
      tiles: options.tiles ?? { url: OSM_PUBLIC_TILE_URL, attribution: OSM_TILE_ATTRIBUTION, offline: false },
    }),
  );
  await app.register(appLinksRoutes(options.appLinks ?? { appleAppIds: [], android: null }));
  await app.register(authRoutes({ auth, cookie: cookieSettings, publicUrl: options.auth.publicUrl }));
  await app.register(usersRoutes(createUsersService({ db: options.database.db, now })));
  const { storage } = options;
  const urlFor = (key: string) => storage.url(key);
  await app.register(myDataRoutes(createMyDataService({ database: options.database, urlFor, now })));
  const photos = createPhotosService({
    database: options.database,
    storage,
    imageWork,
    findFaces: options.findFaces ?? ownFaceDetector(app, imageWork.limits.workers),
    now,
    locationExists,
    changePoints,
  });
  const comments = createCommentsService({
    database: options.database,
    urlFor,
    now,
    locationExists,
    lockLocation: lockPlace,
    changePoints,
    afterDelete: (locationId, commentId) => photos.deleteCommentFiles(locationId, commentId),
  });
  const events = createEventsService({
    database: options.database,
    now,
    locationExists,
    publicUrl: options.auth.publicUrl,
  });
  const conditions = createConditionsService({
    database: options.database,
    now,
    locationExists,
    lastVisitAt,
  });
  const locations = createLocationsService({
    database: options.database,
    urlFor,
    now,
    commentsOf: (locationId) => comments.list(locationId),
    afterDelete: (locationId) => photos.deleteLocationFiles(locationId),
    changePoints,
    answerFacts,
    mapIndex: async () => (mapIndex ? mapIndex.settledIndex() : null),
    conditionsOf: (locationIds) => conditions.briefsOf(locationIds),
    // The map's summaries flag today's public events (as a signed-out person sees them).
    withEventsToday: async (locationIds) =>
      new Set(
        Object.entries(await events.today(locationIds, null))
          .filter(([, todays]) => todays.length > 0)
          .map(([locationId]) => locationId),
      ),
  });
  await app.register(
    locationsRoutes(
      locations,
      async () => {
        // After the changes already announced: the tag names the state the answer comes from.
        if (!(await mapIndex?.settledIndex())) return null;
        return `W/"map-${mapIndex?.version ?? 0}-${Math.floor(now().getTime() / 60_000)}"`;
      },
      mapIndex?.answers ?? null,
    ),
  );
  await app.register(
    favouritesRoutes(
      createFavouritesService({
        database: options.database,
        now,
        locationExists,
        summariesOf: (ids, centre) => locations.summariesOf(ids, centre),
      }),
    ),
  );
  await app.register(
    factsRoutes(
      createFactsService({ database: options.database, now, locationExists, lockLocation, changePoints }),
    ),
  );
  await app.register(conditionsRoutes(conditions));
  await app.register(openDataRoutes(options.database, (ids) => conditions.briefsOf(ids)));
  await app.register(openDumpsRoutes(options.database, (ids) => conditions.briefsOf(ids), now));
  await app.register(commentsRoutes(comments));
  // Photo uploads: multipart bodies are parsed in this scope only; each route reads at most
  // one file with its own size limit.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
    await uploads.register(photosRoutes(photos, options.uploadPace ?? DEFAULT_UPLOAD_PACE));
  });
  await app.register(filesRoutes(storage));
  await app.register(analyticsRoutes({ db: options.database.db, now }));
  await app.register(
    removalRequestsRoutes(createRemovalRequestsService({ database: options.database, now, locationExists })),
  );
  await app.register(eventsRoutes(events));
  await app.register(townsRoutes(createTownsService({ gazetteer: options.gazetteer ?? sharedGazetteer })));
  await app.register(
    dealsRoutes(
      createDealsService({
        database: options.database,
        now,
        locationExists,
        afterDelete: (dealId) => photos.deleteDealFiles(dealId),
      }),
    ),
  );
  await app.register(
    reportsRoutes(
      createReportsService({
        database: options.database,
        urlFor,
        now,
        lockPhoto: (tx, photoId, locationId) => photos.lockPhotoIn(tx, photoId, locationId),
        deletePhoto: (tx, photoId) => photos.deletePhotoIn(tx, photoId),
        lockComment: (tx, commentId) => lockCommentForDeletion(tx, null, commentId),
        lockLocation: lockPlace,
        deleteComment,
        deleteLocation,
        changePoints,
        recordAuditEntries: insertAuditEntries,
        deleteFiles: (keys) => photos.deleteFiles(keys),
        deleteCommentFiles: (locationId, commentId) => photos.deleteCommentFiles(locationId, commentId),
        deleteLocationFiles: (locationId) => photos.deleteLocationFiles(locationId),
      }),
    ),
  );
  await app.register(
    moderationRoutes(
      createModerationService({
        database: options.database,
        now,
        lockLocation: lockPlace,
        deleteLocation,
        deleteLocationFiles: (locationId) => photos.deleteLocationFiles(locationId),
        deleteFiles: (keys) => photos.deleteFiles(keys),
      }),
    ),
  );

  const webDistDir = options.webDistDir;
  const serveWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (serveWeb) {
    await serveWebApp(app, webDistDir);
  }
  // A shared place's page carries its own title, preview tags and JSON-LD.
  const placePages = serveWeb
    ? createPlacePages({
        webDistDir,
        publicUrl: options.auth.publicUrl,
        findPlace: (id) => locations.findPublic(id),
      })
    : null;
  // …and is drawn with its data by the web app's server renderer, when built (issue 28).
  const webRenderer = serveWeb
    ? await loadWebRenderer(options.webSsrDir ?? path.join(webDistDir, '..', 'dist-ssr'))
    : null;
  const drawPlace = webRenderer === null ? null : createPlaceDrawing(app, webRenderer);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // Client-side routes (e.g. /MapView) load the single-page app.
    if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const withTags = await placePages?.htmlFor(request.url);
      const placeId = placeIdFromPath(request.url);
      if (withTags && placeId !== null) {
        // Drawn as anyone signed out sees it: a signed-in person's page (their own votes,
        // what they may do) is drawn by the app, never a signed-out copy first.
        const placePage =
          drawPlace && !request.user
            ? await drawPlace(withTags, placeId, `/locations/${placeId}`, request.headers['accept-language'])
            : withTags;
        const tag = pageEntityTag(placePage);
        void reply
          .header('etag', tag)
          .header('cache-control', REVALIDATE_CACHE_CONTROL)
          .header('vary', 'Accept-Language, Cookie, Accept-Encoding');
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch?.split(',').some((candidate) => candidate.trim() === tag))
          return reply.code(304).send();
        const { body, encoding } = encodePage(placePage, request.headers['accept-encoding']);
        if (encoding !== null) void reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(body);
      }
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });

  return app;
}
