/**
 * A place's row: its shape as read (tag counts and photos in the same statement), and its
 * writes. The map's reads are in features/map, search in search.repository.ts, votes and visits in their own.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { toiletsNearbySql } from '../../db/facts-sql.ts';
import { comments, images, locations, tagVotes, users } from '../../db/schema.ts';

const placeColumns = {
  id: locations.id,
  name: locations.name,
  latitude: locations.latitude,
  longitude: locations.longitude,
  tags: locations.tags,
  ageRanges: locations.ageRanges,
  indoor: locations.indoor,
  free: locations.free,
  description: locations.description,
  officialWebsite: locations.officialWebsite,
  searchKeywords: locations.searchKeywords,
  upVotes: locations.upVotes,
  downVotes: locations.downVotes,
  visitCount: locations.visitCount,
  lastVisitedAt: locations.lastVisitedAt,
  timeZone: locations.timeZone,
  commentCount: locations.commentCount,
  createdAt: locations.createdAt,
  lastUpdatedAt: locations.lastUpdatedAt,
  createdByUserId: locations.createdByUserId,
  // The author's current user name; imports keep 'batch'.
  createdByUserName: sql<string>`coalesce(${users.userName}, ${locations.createdByUserName})`,
  source: locations.source,
  licence: locations.licence,
  facts: locations.facts,
  names: locations.names,
};

export interface PlaceValues {
  name: string;
  latitude: number;
  longitude: number;
  tags: string[];
  ageRanges: string[];
  indoor: boolean | null;
  free: boolean | null;
  description: string | null;
  officialWebsite: string | null;
  searchKeywords: string[];
  /** IANA zone of the place: its days (public last visit, events) are local. */
  timeZone: string;
}

/** A place as read, with its counters and author. */
export interface PlaceRow extends PlaceValues {
  id: string;
  upVotes: number;
  downVotes: number;
  visitCount: number;
  lastVisitedAt: Date | null;
  commentCount: number;
  createdAt: Date;
  lastUpdatedAt: Date;
  createdByUserId: string | null;
  createdByUserName: string;
  source: string | null;
  licence: string | null;
  distanceKm?: number;
  tagCounts: TagCount[];
  images: PlaceImage[];
  /** The values the place's facts show (core factStatus), by fact. */
  facts: Record<string, string>;
  /** Its name in other languages (OSM name:<language>, issue 46); empty for most places. */
  names: Record<string, string>;
  /** A public toilet within TOILETS_NEARBY_M. */
  toiletsNearby: boolean;
}

export interface TagCount {
  tag: string;
  up: number;
  down: number;
}

/** A photo of the place or of one of its comments, as the place read returns it. */
export interface PlaceImage {
  id: string;
  commentId: string | null;
  /** For the caller's canDelete only; never sent. */
  uploadedByUserId: string | null;
  storageKey: string;
  thumbnailStorageKey: string | null;
  uploaderUserName: string | null;
  /** Milliseconds since the epoch (a number survives JSON without a date format to agree on). */
  updatedAtMs: number;
}

/**
 * Tag counts and photos come in the same statement as the rows (one round trip per page):
 * correlated subqueries, run only for the rows returned, each one index probe.
 */
const enrichmentColumns = {
  toiletsNearby: toiletsNearbySql,
  tagCounts: sql<TagCount[]>`(
    select coalesce(json_agg(json_build_object('tag', counted.tag, 'up', counted.up, 'down', counted.down)), '[]')
    from (
      select ${tagVotes.tag} as tag,
        count(*) filter (where ${tagVotes.vote} = 'up')::int as up,
        count(*) filter (where ${tagVotes.vote} = 'down')::int as down
      from ${tagVotes} where ${tagVotes.locationId} = ${locations.id} group by ${tagVotes.tag}
    ) counted
  )`,
  images: sql<PlaceImage[]>`(
    select coalesce(json_agg(json_build_object(
      'id', image.id,
      'commentId', image.comment_id,
      'uploadedByUserId', image.uploaded_by_user_id,
      'storageKey', image.storage_key,
      'thumbnailStorageKey', image.thumbnail_storage_key,
      'uploaderUserName', uploader.user_name,
      'updatedAtMs', floor(extract(epoch from image.updated_at) * 1000)
    ) order by image.created_at), '[]')
    from ${images} image left join ${users} uploader on uploader.id = image.uploaded_by_user_id
    where image.location_id = ${locations.id} and image.hidden_at is null
      -- A hidden comment's photos are out of sight with it (features/reports).
      and not exists (
        select 1 from ${comments} hidden_comment
        where hidden_comment.id = image.comment_id and hidden_comment.hidden_at is not null
      )
  )`,
};

/** Full place rows (`extra` adds columns such as a distance). */
export const baseSelect = (db: Database, extra: Record<string, SQL> = {}) =>
  db
    .select({ ...placeColumns, ...enrichmentColumns, ...extra })
    .from(locations)
    .leftJoin(users, eq(users.id, locations.createdByUserId));

export async function findPlaceRow(db: Database, id: string): Promise<PlaceRow | null> {
  const [row]: PlaceRow[] = await baseSelect(db).where(eq(locations.id, id));
  return row ?? null;
}

/** Full rows of these places (in no particular order; missing ones left out). */
export async function findPlaceRows(db: Database, ids: string[]): Promise<PlaceRow[]> {
  if (ids.length === 0) return [];
  return baseSelect(db).where(inArray(locations.id, ids));
}

export async function insertPlace(
  tx: Database,
  values: PlaceValues & { createdByUserId: string; createdByUserName: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(locations)
    .values({
      ...values,
      createdAt: values.now,
      lastUpdatedAt: values.now,
      lastUpdatedByUserId: values.createdByUserId,
    })
    .returning({ id: locations.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Locks the place row for the rest of the transaction; null when it does not exist.
 * 'change' (FOR NO KEY UPDATE) lets inserts that reference the place (comments, votes,
 * photos: a KEY SHARE through their foreign key) go on; 'delete' (FOR UPDATE) waits for them,
 * and must be taken up front, since upgrading a held lock while those inserts wait deadlocks.
 */
export async function lockPlace(tx: Database, id: string, purpose: 'change' | 'delete' = 'change') {
  const [row] = await tx
    .select({
      id: locations.id,
      name: locations.name,
      latitude: locations.latitude,
      longitude: locations.longitude,
      tags: locations.tags,
      description: locations.description,
      upVotes: locations.upVotes,
      downVotes: locations.downVotes,
      createdByUserId: locations.createdByUserId,
    })
    .from(locations)
    .where(eq(locations.id, id))
    .for(purpose === 'delete' ? 'update' : 'no key update');
  return row ?? null;
}

export async function updatePlace(
  tx: Database,
  id: string,
  values: Partial<PlaceValues> & { lastUpdatedByUserId: string; now: Date },
): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .update(locations)
    .set({
      ...rest,
      // A parent's new name is the name: the source's names in other languages were of the old.
      ...(rest.name === undefined
        ? {}
        : {
            names: sql`case when ${locations.name} = ${rest.name} then ${locations.names} else '{}'::jsonb end`,
          }),
      lastUpdatedAt: now,
    })
    .where(eq(locations.id, id));
}

export async function deletePlace(tx: Database, id: string): Promise<void> {
  await tx.delete(locations).where(eq(locations.id, id));
}

/**
 * Whether the place exists. Inside a transaction it then stays until commit: the row is held
 * FOR KEY SHARE (what a new comment's, event's or request's foreign key takes anyway), so a
 * deletion of the place waits instead of failing that insert's foreign key (a 500).
 *
 * Outside one (a read checking the place before answering) the lock would end with the
 * statement, holding nothing; but taking it writes the row's lock bits, so PostgreSQL gives
 * the statement a transaction id and flushes its commit to the WAL: four such writes per
 * place page made place pages and map reads wait on the disk under mixed traffic (issue 43).
 */
export async function placeExists(db: Database, id: string): Promise<boolean> {
  const query = db.select({ id: locations.id }).from(locations).where(eq(locations.id, id));
  const [row] = await (db instanceof PgTransaction ? query.for('key share') : query);
  return row !== undefined;
}
