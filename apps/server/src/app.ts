/** Builds the Fastify instance (plugins, routes). Used by main.ts and by tests. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { installApiBasics, serverOptionsOf } from './app-basics.ts';
import type { AppOptions } from './app-options.ts';
import { installWebApp } from './app-web.ts';
import type { DatabaseHandle } from './db/client.ts';
import { recordServerEvent } from './features/analytics/analytics.repository.ts';
import { registerAnalyticsFeature } from './features/analytics/analytics.plugin.ts';
import { registerAppLinksFeature } from './features/app-links/app-links.plugin.ts';
import { installAuthentication, registerAuthFeature } from './features/auth/auth.plugin.ts';
import { deleteComment, lockCommentForDeletion } from './features/comments/comments.repository.ts';
import { createCommentsFeature, registerCommentsFeature } from './features/comments/comments.plugin.ts';
import {
  createConditionsFeature,
  registerConditionsFeature,
} from './features/conditions/conditions.plugin.ts';
import { endBrokenReports } from './features/conditions/conditions.service.ts';
import { registerDealsFeature } from './features/deals/deals.plugin.ts';
import { createEventsFeature, registerEventsFeature } from './features/events/events.plugin.ts';
import { answerFacts } from './features/facts/answer-facts.ts';
import { createFactsFeature, registerFactsFeature } from './features/facts/facts.plugin.ts';
import { registerFavouritesFeature } from './features/favourites/favourites.plugin.ts';
import { registerHealthFeature } from './features/health/health.plugin.ts';
import { registerLiveFeature } from './features/live/live.plugin.ts';
import { areaFigures } from './features/maintenance/defects.repository.ts';
import {
  createMaintenanceFeature,
  registerMaintenanceFeature,
} from './features/maintenance/maintenance.plugin.ts';
import { insertAuditEntries } from './features/moderation/moderation.repository.ts';
import { registerModerationFeature } from './features/moderation/moderation.plugin.ts';
import { registerMyDataFeature } from './features/my-data/my-data.plugin.ts';
import { registerOpenDataFeature } from './features/open-data/open-data.plugin.ts';
import { createPlacePageFeature, registerPlacePageFeature } from './features/place-page/place-page.plugin.ts';
import type { PlacePageService } from './features/place-page/place-page.service.ts';
import { AppError } from './lib/errors.ts';
import {
  createImageWorkQueue,
  defaultImageWorkLimits,
  type ImageWorkLimits,
  type ImageWorkQueue,
} from './features/photos/image-work-queue.ts';
import { createPhotosFeature, registerPhotosFeature } from './features/photos/photos.plugin.ts';
import { changePoints } from './features/points/points.repository.ts';
import { registerRemovalRequestsFeature } from './features/removal-requests/removal-requests.plugin.ts';
import { registerReportsFeature } from './features/reports/reports.plugin.ts';
import { registerRuntimeConfigFeature } from './features/runtime-config/runtime-config.plugin.ts';
import { registerSeoFeature } from './features/seo/seo.plugin.ts';
import { loadedSharedGazetteer } from './features/towns/gazetteer.ts';
import { registerTownsFeature } from './features/towns/towns.plugin.ts';
import { registerUsersFeature } from './features/users/users.plugin.ts';
// The map reads (places, map): registered in buildApp's marked block.
import { deletePlace, placeExists as placeInTable, lockPlace } from './features/places/places.repository.ts';
import { placeExistsUnlessKnown } from './lib/known-place.ts';
import { lastVisitAt } from './features/places/visits.repository.ts';
import { placesRoutes } from './features/places/places.routes.ts';
import { createPlacesService, type PlacesService } from './features/places/places.service.ts';
import { MapIndexKeeper } from './features/map/index.ts';
import { createAppMetrics, installRequestMetrics, metricsRoute, type AppMetrics } from './lib/metrics.ts';
import {
  createWriteAdmission,
  installWriteAdmission,
  type WriteAdmission,
  type WriteAdmissionLimits,
} from './lib/write-admission.ts';
import { filesRoutes } from './storage/files.routes.ts';

export type { AppOptions };

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

/** A town further than this from a place is not where it is (its page names none). */
const TOWN_NEAR_KM = 25;

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

/** Prometheus metrics when asked for (`options.metrics`); null when they are off. */
function installMetrics(
  app: FastifyInstance,
  options: AppOptions,
  sources: {
    admissions: { writes: WriteAdmission; uploads: WriteAdmission };
    imageWork: ImageWorkQueue;
    mapIndex: MapIndexKeeper | null;
  },
): void {
  const { admissions, imageWork, mapIndex } = sources;
  const metrics = options.metrics
    ? createAppMetrics({
        admission: () => ({ writes: admissions.writes.stats(), uploads: admissions.uploads.stats() }),
        imageQueue: () => ({ ...imageWork.stats(), ...imageWork.limits }),
        mapIndex: async () => (mapIndex ? mapIndex.lagStatus() : null),
        pool: () => ({
          max: options.database.connections,
          ...(options.database.poolStats?.() ?? nullPoolStats),
        }),
        maintenance: () => areaFigures(options.database.db),
      })
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    installRequestMetrics(app, metrics);
    if (options.metrics?.token) metricsRoute(app, metrics.registry, options.metrics.token);
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptionsOf(options)).withTypeProvider<ZodTypeProvider>();
  await installApiBasics(app, options);

  const { database, storage } = options;
  const now = options.now ?? (() => new Date());
  const publicUrl = options.auth.publicUrl;
  const urlFor = (key: string) => storage.url(key);
  // A feature asks another for what it needs (lib/capabilities.ts) through its dependencies,
  // given here: never by importing the other feature's repository.
  const authentication = installAuthentication(app, {
    database,
    config: options.auth,
    now,
    recordServerEvent,
    appOrigins: options.appOrigins ?? [],
  });
  const imageWork = options.imageWork ?? createImageWorkQueue(defaultImageWorkLimits());
  const admissions = {
    writes: createWriteAdmission({ ...defaultWriteAdmission(database), ...options.writeAdmission }),
    uploads: createWriteAdmission(uploadAdmission(imageWork.limits)),
  };
  installWriteAdmission(app, admissions);
  const mapIndex = installMapIndex(app, options);
  installMetrics(app, options, { admissions, imageWork, mapIndex });

  // Each feature registers itself, in this order (the API document lists routes so).
  await registerHealthFeature(app, { database, mapIndexStatus: () => mapIndex?.status() ?? null });
  await registerLiveFeature(app, { changes: mapIndex, limits: options.live });
  await registerRuntimeConfigFeature(app, { tiles: options.tiles });
  await registerAppLinksFeature(app, { appLinks: options.appLinks });
  await registerAuthFeature(app, { ...authentication, publicUrl });
  await registerUsersFeature(app, { db: database.db, now });
  await registerMyDataFeature(app, { database, urlFor, now });
  // The services other features call are built before those register.
  const placeExists = placeExistsUnlessKnown(placeInTable);
  const photos = createPhotosFeature(app, {
    database,
    storage,
    imageWork,
    findFaces: options.findFaces,
    now,
    placeExists,
    changePoints,
  });
  const comments = createCommentsFeature({
    database,
    urlFor,
    now,
    placeExists,
    lockPlace,
    changePoints,
    afterDelete: (locationId, commentId) => photos.deleteCommentFiles(locationId, commentId),
  });
  const events = createEventsFeature({ database, now, placeExists, publicUrl });
  // Broken equipment reaches its maintainer (issue 48): inside each broken report's transaction.
  const maintenance = createMaintenanceFeature(app, options, { now, urlFor, lockPlace, endBrokenReports });
  const afterBrokenReport = maintenance.onBrokenReport;
  const conditions = createConditionsFeature({
    database,
    now,
    placeExists,
    lastVisitAt,
    afterBrokenReport,
  });
  const facts = createFactsFeature({ database, now, placeExists, lockPlace, changePoints });

  // ── The map reads (places, through features/map's entry): registered here as before
  // (a registration of their own is a follow-up).
  const places = createPlacesService({
    database,
    urlFor,
    now,
    commentsOf: (locationId) => comments.list(locationId),
    afterDelete: (locationId) => photos.deletePlaceFiles(locationId),
    changePoints,
    answerFacts,
    // The index as it is: a read never waits for a catch-up in progress (its feed and place
    // reads queue in the pool behind place pages and writes; under mixed traffic that was the
    // map reads' p99). A write's own response waits for its catch-up (onSend above), so whoever
    // wrote sees it on their next read.
    mapIndex: async () => mapIndex?.index ?? null,
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
    placesRoutes(
      places,
      async () => {
        // The state the answer comes from: the changes applied so far (read without waiting).
        if (!mapIndex?.index) return null;
        return `W/"map-${mapIndex.version}-${Math.floor(now().getTime() / 60_000)}"`;
      },
      mapIndex?.answers ?? null,
    ),
  );
  // ── End of the map reads.
  // One read for a place's page (issue 42), from the features that own each part.
  const pages = createPlacePageFeature({
    place: (id, viewer) => places.getWithComments(id, viewer),
    factsAndEquipment: (id, userId) => facts.factsAndEquipmentOf(id, userId),
    conditions: (id, userId) => conditions.conditionsOf(id, userId),
    maintenance: (id) => maintenance.defects.placeMaintenance(id),
    events: (id, viewer) => events.atPlace(id, viewer),
    nearestSummaries: (centre, radiusKm, limit) => places.nearestSummaries(centre, radiusKm, limit),
  });
  await registerPlacePageFeature(app, { pages });

  await registerFavouritesFeature(app, {
    database,
    now,
    placeExists,
    summariesOf: (ids, centre) => places.summariesOf(ids, centre),
  });
  await registerFactsFeature(app, { facts });
  await registerConditionsFeature(app, { conditions });
  await registerMaintenanceFeature(app, maintenance);
  await registerOpenDataFeature(app, { database, conditionsOf: (ids) => conditions.briefsOf(ids), now });
  await registerCommentsFeature(app, { comments });
  await registerPhotosFeature(app, { photos, uploadPace: options.uploadPace });
  await app.register(filesRoutes(storage));
  await registerAnalyticsFeature(app, { db: database.db, now });
  await registerRemovalRequestsFeature(app, { database, now, placeExists });
  await registerEventsFeature(app, { events });
  await registerTownsFeature(app, { gazetteer: options.gazetteer });
  await registerDealsFeature(app, {
    database,
    now,
    placeExists,
    afterDelete: (dealId) => photos.deleteDealFiles(dealId),
  });
  await registerReportsFeature(app, {
    database,
    urlFor,
    now,
    lockPhoto: (tx, photoId, locationId) => photos.lockPhotoIn(tx, photoId, locationId),
    deletePhoto: (tx, photoId) => photos.deletePhotoIn(tx, photoId),
    lockComment: (tx, commentId) => lockCommentForDeletion(tx, null, commentId),
    lockPlace,
    deleteComment,
    deletePlace,
    changePoints,
    recordAuditEntries: insertAuditEntries,
    deleteFiles: (keys) => photos.deleteFiles(keys),
    deleteCommentFiles: (locationId, commentId) => photos.deleteCommentFiles(locationId, commentId),
    deletePlaceFiles: (locationId) => photos.deletePlaceFiles(locationId),
  });
  await registerModerationFeature(app, {
    database,
    now,
    lockPlace,
    deletePlace,
    deletePlaceFiles: (locationId) => photos.deletePlaceFiles(locationId),
    deleteFiles: (keys) => photos.deleteFiles(keys),
  });

  await installWebAndSeo(app, options, { places, pages, mapIndex });
  return app;
}

/**
 * The web app (its pages and the embeddable map) and what makes it found and embedded
 * (issue 47): robots.txt, sitemaps, oEmbed, in the languages the web app's renderer draws.
 */
async function installWebAndSeo(
  app: FastifyInstance,
  options: AppOptions,
  deps: { places: PlacesService; pages: PlacePageService; mapIndex: MapIndexKeeper | null },
): Promise<void> {
  const { places, pages, mapIndex } = deps;
  const publicUrl = options.auth.publicUrl;
  const web = await installWebApp(app, {
    webDistDir: options.webDistDir,
    webSsrDir: options.webSsrDir,
    publicUrl,
    embedOrigins: options.embedOrigins,
    // The page's one answer as anyone signed out gets it (issue 42); null for no such place.
    readPlacePage: async (id) => {
      try {
        return await pages.pageOf(id, null);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
    // The towns load at start in a worker; a page drawn before they are there has no town.
    townNear: async (at) => {
      const gazetteer = options.gazetteer ? await options.gazetteer() : loadedSharedGazetteer();
      return gazetteer?.nearest(at, TOWN_NEAR_KM) ?? null;
    },
  });
  await registerSeoFeature(app, {
    db: options.database.db,
    publicUrl,
    siteName: 'PlaySpot',
    languages: web.languages,
    changes: mapIndex,
    findPlace: async (id) => {
      const place = await places.findPublic(id);
      if (place === null) return null;
      const photo = place.imageMetaData.at(-1);
      return {
        name: place.name,
        thumbnailUrl: photo === undefined ? null : new URL(photo.thumbnailUrl ?? photo.url, publicUrl).href,
      };
    },
  });
}
