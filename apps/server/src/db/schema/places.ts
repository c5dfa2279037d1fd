/** Places and what people do with them: votes, tag votes, visits, saved places, and the map index's change feed. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { geographyPoint } from '../geography.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // Derived from latitude/longitude so the two can never disagree.
    position: geographyPoint('position')
      .notNull()
      .generatedAlwaysAs(sql`(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography)`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ageRanges: text('age_ranges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    indoor: boolean('indoor'),
    free: boolean('free'),
    description: text('description'),
    officialWebsite: text('official_website'),
    searchKeywords: text('search_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    visitCount: integer('visit_count').notNull().default(0),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    commentCount: integer('comment_count').notNull().default(0),
    // IANA zone in which this place's event schedules are evaluated.
    timeZone: text('time_zone').notNull().default('Pacific/Auckland'),
    // Imports keep their origin (e.g. 'osm:node/123') so a re-import updates, never duplicates.
    source: text('source'),
    sourceId: text('source_id'),
    licence: text('licence'),
    // The value each fact's page shows (core factStatus over imported_facts and fact_answers),
    // kept here for the map's filters and markers; written with every answer and import.
    facts: jsonb('facts')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Its name in the app's languages where the source gives one that differs from `name`
    // (OSM's name:<language>, issue 46): language → name; empty for most places.
    names: jsonb('names')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Until when a parent reported it closed for works (core closedUntil over its active
    // reports), kept here so "near you" can leave it out; null when nobody said it is closed.
    closedUntil: timestamp('closed_until', { withTimezone: true }),
    createdAt: createdAt(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserName: text('created_by_user_name').notNull().default('batch'),
    lastUpdatedByUserId: uuid('last_updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('locations_position_gist').using('gist', t.position),
    // Map viewports are latitude/longitude rectangles, not great-circle polygons: they are
    // matched as planar boxes on this index (a geography box spanning the world degenerates).
    index('locations_position_geometry_gist').using('gist', sql`(${t.position}::geometry)`),
    index('locations_search_keywords_gin').using('gin', t.searchKeywords),
    // Name search: prefix and typo-tolerant matching (pg_trgm).
    index('locations_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('locations_created_at_idx').on(t.createdAt),
    uniqueIndex('locations_source_id_key').on(t.sourceId),
    check('locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('locations_counts_check', sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0 and ${t.visitCount} >= 0`),
  ],
);

const voteValue = (name: string) => text(name, { enum: ['up', 'down'] }).notNull();

export const locationVotes = pgTable(
  'location_votes',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: voteValue('vote'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.userId] }),
    index('location_votes_user_id_idx').on(t.userId),
    check('location_votes_vote_check', sql`${t.vote} in ('up', 'down')`),
  ],
);

export const tagVotes = pgTable(
  'tag_votes',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: voteValue('vote'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.tag, t.userId] }),
    index('tag_votes_user_id_idx').on(t.userId),
    check('tag_votes_vote_check', sql`${t.vote} in ('up', 'down')`),
  ],
);

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One visit per person and place in any 60 minutes (core canLogVisitAgain) is the service's
    // check under the place's row lock; this index finds the person's last visit there.
    index('visits_location_user_visited_at_idx').on(t.locationId, t.userId, t.visitedAt),
    index('visits_user_id_idx').on(t.userId),
  ],
);

/**
 * The map index's change feed (features/map): one row per place whose map data a
 * statement changed (the place, its photos, its events), written by triggers (see the
 * migration) and announced with NOTIFY map_changes. Every server process applies the rows
 * after its own version; rows older than an hour are pruned.
 */
export const mapChanges = pgTable(
  'map_changes',
  {
    version: bigint('version', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    locationId: uuid('location_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('map_changes_changed_at_idx').on(t.changedAt)],
);

/**
 * Places a person saved ("My places"); gone with the place, and with the person's account.
 * Private: never shown to anyone else.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('favourites_location_idx').on(t.locationId),
  ],
);
