/**
 * Reading places: one with its comments, pages near a centre or newest first (full and
 * summary shapes), summaries of chosen places, name search, and the map's viewport. The map
 * reads themselves are features/map's (index or SQL); here they become places.
 */
import {
  encodePageCursor,
  findPlacesQuerySchema,
  MAX_PAGE_OFFSET,
  searchKeywords,
  type Actor,
  type ConditionBrief,
  type FindPlacesQuery,
  type LatLng,
  type Place,
  type PlaceList,
  type PlaceSummary,
  type PlaceSummaryList,
  type SearchQuery,
  type ViewportQuery,
} from '@playspot/core';
import { createMapReads, sphereDistanceKm } from '../map/index.ts';
import type { PlacesContext } from './places-context.ts';
import type { PlaceViews } from './place-views.ts';
import { toPlaceSummary } from './place-shape.ts';
import { whileKnown } from '../../lib/known-place.ts';
import * as repository from './places.repository.ts';
import { searchPlaceRows } from './search.repository.ts';

/** The query's centre, or null (newest first). */
const centreOf = (query: { lat?: number | undefined; lng?: number | undefined }): LatLng | null =>
  query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;

/** The next page's cursor, when this page is full and the offset may go on. */
const nextCursorAfter = (query: FindPlacesQuery, found: number) => {
  const next = (query.cursor ?? 0) + query.limit;
  return found > query.limit && next <= MAX_PAGE_OFFSET ? encodePageCursor(next) : null;
};

/**
 * The page a find query asks for around `centre`, one more than fits (it tells whether
 * another page follows). The query schema has read the cursor into an offset (bounded by
 * MAX_PAGE_OFFSET).
 */
const nearPageOf = <Centre extends LatLng | null>(query: FindPlacesQuery, centre: Centre, now: Date) => ({
  centre,
  radiusKm: query.radiusKm ?? null,
  // "Near you" leaves out places a parent reported closed for works, unless asked for them.
  filters: centre && query.includeClosed !== true ? { ...query, openAt: now } : query,
  limit: query.limit + 1,
  offset: query.cursor ?? 0,
  now,
});

export function createPlaceReads({ deps, db, now }: PlacesContext, views: PlaceViews) {
  const { enrich, get } = views;
  const map = createMapReads({
    db,
    urlFor: deps.urlFor,
    conditionsOf: deps.conditionsOf,
    mapIndex: deps.mapIndex,
    now,
  });
  const eventsToday = async (ids: string[]): Promise<ReadonlySet<string>> =>
    deps.withEventsToday && ids.length > 0 ? deps.withEventsToday(ids) : new Set<string>();
  const conditionsOf = async (ids: string[]): Promise<ReadonlyMap<string, ConditionBrief[]>> =>
    deps.conditionsOf && ids.length > 0 ? deps.conditionsOf(ids) : new Map<string, ConditionBrief[]>();

  /** One page of places for find and findSummaries, and the cursor of the next one. */
  async function findPage(query: FindPlacesQuery) {
    const found = await map.page(nearPageOf(query, centreOf(query), now()));
    const page = found.slice(0, query.limit);
    const rows = await repository.findPlaceRows(
      db,
      page.map((place) => place.id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      // A place deleted since the map read is left out of this page.
      rows: page.flatMap(({ id, distanceKm }) => {
        const row = byId.get(id);
        if (!row) return [];
        return [distanceKm === null ? row : { ...row, distanceKm }];
      }),
      nextCursor: nextCursorAfter(query, found.length),
    };
  }

  /** Marks today's public events and adds live conditions (the SQL reads; the index has both). */
  async function withTodaysEvents(found: PlaceSummary[]): Promise<PlaceSummary[]> {
    const ids = found.map((summary) => summary.id);
    const [withEvents, conditions] = await Promise.all([eventsToday(ids), conditionsOf(ids)]);
    return found.map((summary) => {
      const live = conditions.get(summary.id);
      return {
        ...summary,
        ...(withEvents.has(summary.id) ? { hasEventToday: true as const } : {}),
        ...(live ? { conditions: live } : {}),
      };
    });
  }

  return {
    /** One place with its newest comments (spec §3 shape). */
    async getWithComments(id: string, viewer: Actor | null): Promise<Place> {
      const place = await get(id, viewer);
      // Read just now, the place exists: the comments' own check needs no statement.
      return { ...place, comments: await whileKnown(id, () => deps.commentsOf(id)) };
    },

    /** One place as anyone signed out sees it (the shared page's preview), or null. */
    async findPublic(id: string): Promise<Place | null> {
      const row = await repository.findPlaceRow(db, id);
      if (!row) return null;
      const [place] = await enrich([row], null);
      return place ?? null;
    },

    /**
     * The same page as find, in the map's summary shape (the same for every viewer), read
     * from the database: what the route answers when encodedSummaries cannot (no index yet,
     * or no centre).
     */
    async findSummaries(query: FindPlacesQuery): Promise<PlaceSummaryList> {
      const { rows, nextCursor } = await findPage(query);
      const found = rows.map((row) => toPlaceSummary(row, { hasEventToday: false, urlFor: deps.urlFor }));
      return { items: await withTodaysEvents(found), nextCursor };
    },

    /**
     * The map's summaries of these places (any order; places gone are left out), with
     * distances from `centre` when given: for lists of chosen places such as My places.
     */
    async summariesOf(ids: string[], centre: LatLng | null): Promise<PlaceSummary[]> {
      const fromIndex = await map.summariesOf(ids, centre);
      if (fromIndex) return fromIndex;
      const rows = await repository.findPlaceRows(db, ids);
      return withTodaysEvents(
        rows.map((row) =>
          toPlaceSummary(
            centre ? { ...row, distanceKm: sphereDistanceKm(centre, row.latitude, row.longitude) } : row,
            { hasEventToday: false, urlFor: deps.urlFor },
          ),
        ),
      );
    },

    async find(query: FindPlacesQuery, viewer: Actor | null): Promise<PlaceList> {
      const { rows, nextCursor } = await findPage(query);
      return { items: await enrich(rows, viewer), nextCursor };
    },

    async search(query: SearchQuery, viewer: Actor | null): Promise<PlaceList> {
      const centre = centreOf(query);
      const rows = await searchPlaceRows(db, {
        text: query.q,
        keywords: searchKeywords(query.q),
        centre,
        radiusKm: query.radiusKm,
        limit: query.limit,
      });
      return { items: await enrich(rows, viewer), nextCursor: null };
    },

    /**
     * findSummaries' answer as JSON bytes from the ready map index; null while there is none
     * or without a centre (newest first reads SQL).
     */
    async encodedSummaries(query: FindPlacesQuery): Promise<Buffer | null> {
      const centre = centreOf(query);
      if (!centre) return null;
      return map.encodedSummaries(nearPageOf(query, centre, now()), query.limit, (found) =>
        nextCursorAfter(query, found),
      );
    },

    /**
     * The map's summaries within `radiusKm` of `centre`, nearest first: what
     * GET /api/locations/summaries answers for them (from the index when it is ready).
     */
    async nearestSummaries(centre: LatLng, radiusKm: number, limit: number): Promise<PlaceSummary[]> {
      const query = findPlacesQuerySchema.parse({ lat: centre.lat, lng: centre.lng, radiusKm, limit });
      const encoded = await map.encodedSummaries(nearPageOf(query, centre, now()), query.limit, () => null);
      if (encoded) return (JSON.parse(encoded.toString('utf8')) as PlaceSummaryList).items;
      const { rows } = await findPage(query);
      return withTodaysEvents(
        rows.map((row) => toPlaceSummary(row, { hasEventToday: false, urlFor: deps.urlFor })),
      );
    },

    /** The viewport answer as JSON bytes from the ready map index; null while there is none. */
    encodedViewport: (query: ViewportQuery) => map.encodedViewport(query),

    /**
     * Points when few are in view; grid clusters (count, centre, bounds) when many: what the
     * route answers while the index is being built (features/map).
     */
    viewport: (query: ViewportQuery) => map.viewport(query),
  };
}
