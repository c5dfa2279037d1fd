/**
 * Location use cases: map queries, add/edit/delete with points, votes and tag votes
 * (spec §4 transitions from core, exact under concurrency), visits and search.
 */
import {
  applyLocationVote,
  applyTagVote,
  canDeletePhoto,
  canLogVisitAgain,
  checkVisitDistance,
  canModifyOwned,
  encodePageCursor,
  ERROR_MESSAGES,
  MAX_PAGE_OFFSET,
  normalizeTags,
  splitFactTags,
  type TagFact,
  pointsForAction,
  searchKeywords,
  type Actor,
  type Comment,
  type ConditionBrief,
  type CreateLocation,
  type FindLocationsQuery,
  type Location,
  type LocationList,
  type LocationSummary,
  type LocationSummaryList,
  type PointsAward,
  type TagVoteRequest,
  type SearchQuery,
  type UpdateLocation,
  type ViewportQuery,
  type VisitRequest,
  type VoteValue,
  type LatLng,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { AnswerFacts, ChangePoints } from '../../lib/capabilities.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { withTransactionRetry } from '../../lib/retry.ts';
import { createMapReads, sphereDistanceKm, type MapIndex } from '../map/index.ts';
import { timeZoneAt } from '../../lib/time-zone-at.ts';
import { toLocation, toLocationSummary } from './location-shape.ts';
import * as repository from './locations.repository.ts';
import { searchLocationRows } from './search.repository.ts';
import * as visitsRepository from './visits.repository.ts';
import * as votesRepository from './votes.repository.ts';

export interface LocationsDeps {
  database: DatabaseHandle;
  /** Public URL of a stored photo. */
  urlFor: (storageKey: string) => string;
  /** The newest comments of a location, shown with it on single reads. */
  commentsOf: (locationId: string) => Promise<Comment[]>;
  /** Cleans up after a deletion (the location's photo files). */
  afterDelete?: (locationId: string) => Promise<void>;
  /** Which of these locations have a public event today (their own time zone); none when absent. */
  withEventsToday?: (locationIds: string[]) => Promise<ReadonlySet<string>>;
  /** Points for adding and describing a place, taken back when it is removed. */
  changePoints: ChangePoints;
  /** Records what fact-stating tags say as their author's answers (features/facts). */
  answerFacts: AnswerFacts;
  /** Live conditions of these places in brief (features/conditions); none when absent. */
  conditionsOf?: (locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>;
  /** The map index when it is ready (features/map); the map reads SQL without it. */
  mapIndex?: () => Promise<MapIndex | null>;
  now?: () => Date;
}

const locationNotFound = () => notFound(ERROR_MESSAGES.locationNotFound);
const locationDoesNotExist = () => notFound(ERROR_MESSAGES.locationDoesNotExist);

/** The free-form tags, and the facts the others state (core splitFactTags); 400 on a bad tag. */
function cleanTags(tags: string[]): { tags: string[]; facts: TagFact[] } {
  const [issue] = normalizeTags(tags).issues;
  if (issue) throw new AppError(400, 'validation_failed', `tags: ${issue.message}`);
  return splitFactTags(tags);
}

export function createLocationsService(deps: LocationsDeps) {
  const { changePoints } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
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

  /**
   * Adds what depends on the viewer: their own votes and whether they may edit (tag counts
   * and photos come with the rows).
   */
  async function enrich(rows: repository.LocationRow[], viewer: Actor | null): Promise<Location[]> {
    const ids = rows.map((row) => row.id);
    const [[own, lastVisits], verified] = await Promise.all([
      viewer
        ? Promise.all([
            votesRepository.votesOfUser(db, viewer.id, ids),
            visitsRepository.lastVisitsOfUser(db, viewer.id, ids),
          ])
        : Promise.resolve([{ locationVotes: [], tagVotes: [] }, new Map<string, Date>()] as const),
      votesRepository.verifiedUpVotes(db, ids, now()),
    ]);
    return rows.map((row) => {
      const myTagVotes: Record<string, VoteValue> = {};
      for (const vote of own.tagVotes) if (vote.locationId === row.id) myTagVotes[vote.tag] = vote.vote;
      return toLocation(row, {
        myVote: own.locationVotes.find((vote) => vote.locationId === row.id)?.vote ?? null,
        myTagVotes,
        verifiedUpVotes: verified.get(row.id) ?? { place: 0, tags: {} },
        canEdit: viewer !== null && canModifyOwned(viewer, row.createdByUserId),
        myLastVisitAt: lastVisits.get(row.id) ?? null,
        canDeletePhoto: (image) =>
          viewer !== null &&
          canDeletePhoto(viewer, {
            uploadedByUserId: image.uploadedByUserId,
            commentId: image.commentId,
            placeCreatedByUserId: row.createdByUserId,
          }),
        urlFor: deps.urlFor,
      });
    });
  }

  async function get(id: string, viewer: Actor | null): Promise<Location> {
    const row = await repository.findLocationRow(db, id);
    if (!row) throw locationNotFound();
    const [location] = await enrich([row], viewer);
    if (!location) throw locationNotFound();
    return location;
  }

  /** The query's centre, or null (newest first). */
  const centreOf = (query: FindLocationsQuery): LatLng | null =>
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;

  /** The next page's cursor, when this page is full and the offset may go on. */
  const nextCursorAfter = (query: FindLocationsQuery, found: number) => {
    const next = (query.cursor ?? 0) + query.limit;
    return found > query.limit && next <= MAX_PAGE_OFFSET ? encodePageCursor(next) : null;
  };

  /**
   * The page a find query asks for around `centre`, one more than fits (it tells whether
   * another page follows). The query schema has read the cursor into an offset (bounded by
   * MAX_PAGE_OFFSET).
   */
  const nearPageOf = <Centre extends LatLng | null>(query: FindLocationsQuery, centre: Centre) => ({
    centre,
    radiusKm: query.radiusKm ?? null,
    // "Near you" leaves out places a parent reported closed for works, unless asked for them.
    filters: centre && query.includeClosed !== true ? { ...query, openAt: now() } : query,
    limit: query.limit + 1,
    offset: query.cursor ?? 0,
    now: now(),
  });

  /** One page of locations for find and findSummaries, and the cursor of the next one. */
  async function findPage(query: FindLocationsQuery) {
    const found = await map.page(nearPageOf(query, centreOf(query)));
    const page = found.slice(0, query.limit);
    const rows = await repository.findLocationRows(
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
  async function withTodaysEvents(found: LocationSummary[]): Promise<LocationSummary[]> {
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
    /** One location with its newest comments (spec §3 shape). */
    async getWithComments(id: string, viewer: Actor | null): Promise<Location> {
      const location = await get(id, viewer);
      return { ...location, comments: await deps.commentsOf(id) };
    },

    /** One location as anyone signed out sees it (the shared page's preview), or null. */
    async findPublic(id: string): Promise<Location | null> {
      const row = await repository.findLocationRow(db, id);
      if (!row) return null;
      const [location] = await enrich([row], null);
      return location ?? null;
    },

    /**
     * The same page as find, in the map's summary shape (the same for every viewer), read
     * from the database: what the route answers when encodedSummaries cannot (no index yet,
     * or no centre).
     */
    async findSummaries(query: FindLocationsQuery): Promise<LocationSummaryList> {
      const { rows, nextCursor } = await findPage(query);
      const found = rows.map((row) => toLocationSummary(row, { hasEventToday: false, urlFor: deps.urlFor }));
      return { items: await withTodaysEvents(found), nextCursor };
    },

    /**
     * The map's summaries of these places (any order; places gone are left out), with
     * distances from `centre` when given: for lists of chosen places such as My places.
     */
    async summariesOf(ids: string[], centre: LatLng | null): Promise<LocationSummary[]> {
      const fromIndex = await map.summariesOf(ids, centre);
      if (fromIndex) return fromIndex;
      const rows = await repository.findLocationRows(db, ids);
      return withTodaysEvents(
        rows.map((row) =>
          toLocationSummary(
            centre ? { ...row, distanceKm: sphereDistanceKm(centre, row.latitude, row.longitude) } : row,
            { hasEventToday: false, urlFor: deps.urlFor },
          ),
        ),
      );
    },

    async find(query: FindLocationsQuery, viewer: Actor | null): Promise<LocationList> {
      const { rows, nextCursor } = await findPage(query);
      return { items: await enrich(rows, viewer), nextCursor };
    },

    async create(input: CreateLocation, actor: Actor & { userName: string }) {
      const { tags, facts } = cleanTags(input.tags);
      const at = now();
      const { id, reward } = await db.transaction(async (tx) => {
        const locationId = await repository.insertLocation(tx, {
          ...input,
          tags,
          searchKeywords: searchKeywords(input.name),
          timeZone: timeZoneAt(input.latitude, input.longitude),
          createdByUserId: actor.id,
          createdByUserName: actor.userName,
          now: at,
        });
        // Spec §4: every tag starts with one up vote, cast by the creator; a tag that states
        // a fact is the creator's answer to it instead (issue 32), earning what answering does.
        await votesRepository.resetTagVotes(tx, locationId, tags, actor.id);
        const answered = await deps.answerFacts(tx, { locationId, userId: actor.id, facts, now: at });
        const earned =
          pointsForAction('addLocation') +
          (input.description ? pointsForAction('locationDescription') : 0) +
          answered * pointsForAction('factAnswer');
        return { id: locationId, reward: await changePoints(tx, actor.id, earned) };
      });
      return { location: await get(id, actor), reward };
    },

    async update(id: string, input: UpdateLocation, actor: Actor) {
      const at = now();
      const reward = await db.transaction(async (tx): Promise<PointsAward> => {
        const current = await repository.lockLocation(tx, id);
        if (!current) throw locationNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can change it.');
        const { tags, facts } =
          input.tags === undefined ? { tags: current.tags, facts: [] } : cleanTags(input.tags);
        await repository.updateLocation(tx, id, {
          ...input,
          tags,
          ...(input.name === undefined ? {} : { searchKeywords: searchKeywords(input.name) }),
          ...(input.latitude === undefined && input.longitude === undefined
            ? {}
            : {
                timeZone: timeZoneAt(
                  input.latitude ?? current.latitude,
                  input.longitude ?? current.longitude,
                ),
              }),
          lastUpdatedByUserId: actor.id,
          now: at,
        });
        // Spec §4: an edit resets all tag votes the same way, with the editor's up votes; the
        // fact-stating tags chosen are the editor's answers (leaving one out answers nothing).
        await votesRepository.resetTagVotes(tx, id, tags, actor.id);
        const answered = await deps.answerFacts(tx, { locationId: id, userId: actor.id, facts, now: at });
        const describedNow = !current.description && Boolean(input.description);
        return changePoints(
          tx,
          actor.id,
          (describedNow ? pointsForAction('locationDescription') : 0) +
            answered * pointsForAction('factAnswer'),
        );
      });
      return { location: await get(id, actor), reward };
    },

    async remove(id: string, actor: Actor) {
      const result = await db.transaction(async (tx) => {
        const current = await repository.lockLocation(tx, id, 'delete');
        if (!current) throw locationNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can remove it.');
        await repository.deleteLocation(tx, id);
        // The creator loses what adding it earned (never below 0).
        const earned =
          pointsForAction('addLocation') + (current.description ? pointsForAction('locationDescription') : 0);
        const reward = current.createdByUserId
          ? await changePoints(tx, current.createdByUserId, -earned)
          : null;
        return { deleted: true as const, reward: current.createdByUserId === actor.id ? reward : null };
      });
      await deps.afterDelete?.(id);
      return result;
    },

    /**
     * Spec §7: a visit appends a timestamp, adds one to visitCount, sets lastVisitedAt. Only
     * from the place: the device's reading (checked, never stored) must be near it.
     */
    async visit(id: string, userId: string, reading: VisitRequest) {
      return db.transaction(async (tx) => {
        // Held until commit: visits to the place take turns, so of a double tap one counts.
        const place = await visitsRepository.lockPlaceForVisit(tx, id);
        if (!place) throw locationDoesNotExist();
        const near = checkVisitDistance(reading, place);
        if (!near.ok) throw new AppError(422, 'not_at_the_place', near.message);
        const visitedAt = now();
        if (!canLogVisitAgain(await visitsRepository.lastVisitAt(tx, id, userId), visitedAt)) {
          throw new AppError(
            409,
            'visit_already_logged',
            'You already logged a visit here in the last hour.',
          );
        }
        const visitCount = await visitsRepository.insertVisit(tx, id, userId, visitedAt);
        // The caller's own visit: the place's last one may be someone else's, to the millisecond.
        return { visitCount, lastVisitedAt: visitedAt.toISOString() };
      });
    },

    async search(query: SearchQuery, viewer: Actor | null): Promise<LocationList> {
      const centre =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
      const rows = await searchLocationRows(db, {
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
    async encodedSummaries(query: FindLocationsQuery): Promise<Buffer | null> {
      const centre = centreOf(query);
      if (!centre) return null;
      return map.encodedSummaries(nearPageOf(query, centre), query.limit, (found) =>
        nextCursorAfter(query, found),
      );
    },

    /** The viewport answer as JSON bytes from the ready map index; null while there is none. */
    encodedViewport: (query: ViewportQuery) => map.encodedViewport(query),

    /**
     * Points when few are in view; grid clusters (count, centre, bounds) when many: what the
     * route answers while the index is being built (features/map).
     */
    viewport: (query: ViewportQuery) => map.viewport(query),

    /** Spec §4: repeating does nothing, switching moves one count, a first vote adds one. */
    async vote(id: string, vote: VoteValue, userId: string) {
      return withTransactionRetry(() =>
        db.transaction(async (tx) => {
          // The row lock serialises votes on one location, so the counters stay exact.
          const current = await repository.lockLocation(tx, id);
          if (!current) throw locationDoesNotExist();
          const previous = await votesRepository.findLocationVote(tx, id, userId);
          const result = applyLocationVote({ up: current.upVotes, down: current.downVotes }, previous, vote);
          if (result.changed) {
            await votesRepository.saveLocationVote(tx, {
              locationId: id,
              userId,
              vote,
              counts: result.counts,
              now: now(),
            });
          }
          return { votes: result.counts, myVote: result.vote };
        }),
      );
    },

    /** Spec §4: repeating withdraws, a different vote replaces; retried on conflicts. */
    async tagVote(id: string, request: TagVoteRequest, userId: string) {
      return withTransactionRetry(() =>
        db.transaction(async (tx) => {
          const current = await repository.lockLocation(tx, id);
          if (!current) throw locationDoesNotExist();
          const tag = current.tags.find((candidate) => candidate.toLowerCase() === request.tag.toLowerCase());
          if (tag === undefined) throw notFound(`This place has no tag "${request.tag}".`);
          const previous = await votesRepository.findTagVote(tx, id, tag, userId);
          const counts = await votesRepository.tagCountOf(tx, id, tag);
          const result = applyTagVote(counts, previous, request.vote);
          await votesRepository.saveTagVote(tx, { locationId: id, tag, userId, vote: result.vote });
          return { tag, counts: result.counts, myVote: result.vote };
        }),
      );
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
