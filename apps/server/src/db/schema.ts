/**
 * The relational form of the spec's documents (spec §3). Every list or map that grows with
 * users is its own table with a unique key, so concurrent votes and visits are correct by
 * construction rather than by read-modify-write of a document.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { geographyPoint } from './geography.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Users are keyed by their identity provider's (issuer, subject), never by email.
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    userName: text('user_name'),
    /** The user name case-folded (core userNameKey): lookups by name, however it is typed. */
    userNameKey: text('user_name_key'),
    /** The user name's look-alike skeleton (core userNameSkeleton): names are unique by it. */
    userNameSkeleton: text('user_name_skeleton'),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['basic', 'moderator', 'admin'] })
      .notNull()
      .default('basic'),
    level: integer('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    leveledUp: boolean('leveled_up').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject),
    // User names are unique regardless of case (in any script) and of look-alike letters.
    uniqueIndex('users_user_name_key_key').on(t.userNameKey),
    uniqueIndex('users_user_name_skeleton_key').on(t.userNameSkeleton),
    check('users_role_check', sql`${t.role} in ('basic', 'moderator', 'admin')`),
    check('users_points_check', sql`${t.points} >= 0`),
    check('users_level_check', sql`${t.level} >= 1`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the random token; the token itself is never stored.
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * A web sign-in in progress: the OAuth state, PKCE verifier and nonce live here rather than in
 * a cookie, so Apple's cross-site form_post callback needs no loosened cookie. Single use.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    mode: text('mode', { enum: ['popup', 'redirect'] }).notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

/** One-time nonces handed to device SDKs for the native ID-token exchange (SHA-256 stored). */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_nonces_expires_at_idx').on(t.expiresAt)],
);

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
    // IANA zone in which this location's event schedules are evaluated.
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

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    // Set while the comment is out of sight: reported by enough people, or hidden by a
    // moderator (features/reports). Its photos are hidden with it.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // Who hid it: 'reports' until a moderator decides (a dismissal shows it again), or
    // 'moderator' for good (no dismissal shows it, no new report is taken).
    hiddenBy: text('hidden_by', { enum: ['reports', 'moderator'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_location_created_idx').on(t.locationId, t.createdAt),
    index('comments_user_id_idx').on(t.userId),
    check('comments_hidden_by_check', sql`${t.hiddenBy} in ('reports', 'moderator')`),
    check('comments_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenBy} is null)`),
  ],
);

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    // Key in object storage (spec §7 paths); the URL is derived from it when served.
    storageKey: text('storage_key').notNull(),
    thumbnailStorageKey: text('thumbnail_storage_key'),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    // Set while the photo is out of sight: reported by enough people, hidden by a moderator,
    // or on a hidden comment (features/reports). Hidden photos are left out of every read.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // Who hid it (the photo, or its comment): 'reports' or 'moderator', as for comments.
    hiddenBy: text('hidden_by', { enum: ['reports', 'moderator'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('images_storage_key_key').on(t.storageKey),
    index('images_location_id_idx').on(t.locationId),
    index('images_comment_id_idx').on(t.commentId),
    check('images_hidden_by_check', sql`${t.hiddenBy} in ('reports', 'moderator')`),
    check('images_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenBy} is null)`),
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

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    dayOfWeek: text('day_of_week', {
      enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    }).notNull(),
    // Wall-clock HH:MM (24 h) in the location's time zone.
    time: text('time').notNull(),
    repeatPattern: text('repeat_pattern', {
      enum: ['Week', 'Month first', 'Month second', 'Month third', 'Month last'],
    }).notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_location_day_idx').on(t.locationId, t.dayOfWeek),
    index('events_created_by_idx').on(t.createdByUserId),
    check('events_time_check', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'events_day_check',
      sql`${t.dayOfWeek} in ('Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday')`,
    ),
    check(
      'events_repeat_check',
      sql`${t.repeatPattern} in ('Week','Month first','Month second','Month third','Month last')`,
    ),
  ],
);

export const eventInvitees = pgTable(
  'event_invitees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_invitees_user_id_idx').on(t.userId)],
);

/**
 * A person's secret calendar feed address (issue 33): calendar apps fetch "my events" without
 * cookies, so the address carries a token. Only its SHA-256 is kept; making a new one
 * replaces the old (one per person), deleting it revokes the feed.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    website: text('website'),
    imageUrl: text('image_url'),
    logoUrl: text('logo_url'),
    active: boolean('active').notNull().default(true),
    expiryDate: date('expiry_date'),
    // Spec §3: "other fields are passed through"; kept as documented JSON.
    extra: jsonb('extra')
      .notNull()
      .default(sql`'{}'::jsonb`),
    // The play spot the deal is at, if any (issue 15): shown with its distance; the deal stays
    // when the place goes, without it.
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('deals_active_expiry_idx').on(t.active, t.expiryDate)],
);

export const removalRequests = pgTable(
  'removal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['location', 'account'] }).notNull(),
    // Null for account requests (spec: locationId 'account-deletion'), and after the
    // location itself has been removed.
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('removal_requests_status_created_idx').on(t.status, t.createdAt),
    index('removal_requests_user_id_idx').on(t.userId),
    check('removal_requests_type_check', sql`${t.type} in ('location', 'account')`),
    check('removal_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_occurred_idx').on(t.name, t.occurredAt)],
);

/**
 * Reports of a photo, a comment or a place (features/reports). `target_id` names what is
 * reported; the matching foreign key (the photo's, the comment's, or only the place's) makes
 * the reports go with it when it is deleted: the audit log keeps the decisions. A person has
 * at most one open report per target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: ['photo', 'comment', 'location'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    // The place the target is (on); always set, so the queue can name it.
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', {
      enum: ['child-face', 'wrong-information', 'closed-or-unsafe', 'spam-or-abuse', 'other'],
    }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'upheld', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_target_reporter_key')
      .on(t.targetId, t.reporterUserId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_location_id_idx').on(t.locationId),
    index('reports_image_id_idx').on(t.imageId),
    index('reports_comment_id_idx').on(t.commentId),
    index('reports_reporter_user_id_idx').on(t.reporterUserId),
    check('reports_target_type_check', sql`${t.targetType} in ('photo', 'comment', 'location')`),
    check(
      'reports_target_check',
      sql`(${t.targetType} = 'photo' and ${t.imageId} = ${t.targetId} and ${t.commentId} is null)
        or (${t.targetType} = 'comment' and ${t.commentId} = ${t.targetId} and ${t.imageId} is null)
        or (${t.targetType} = 'location' and ${t.locationId} = ${t.targetId} and ${t.imageId} is null and ${t.commentId} is null)`,
    ),
    check(
      'reports_reason_check',
      sql`${t.reason} in ('child-face', 'wrong-information', 'closed-or-unsafe', 'spam-or-abuse', 'other')`,
    ),
    check('reports_status_check', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
  ],
);

/**
 * Every moderation decision, kept after the request's subject is gone. `subject` is a
 * snapshot taken when deciding (a location's name; an account's user name only when the
 * account is kept), so the log never brings back data an approved deletion removed.
 */
export const moderationAuditLog = pgTable(
  'moderation_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    removalRequestId: uuid('removal_request_id').references(() => removalRequests.id, {
      onDelete: 'set null',
    }),
    // 'report' for decisions on reports (hide, delete, dismiss); their subject is a photo,
    // comment or place, and subject_id its id.
    origin: text('origin', { enum: ['removal-request', 'report'] })
      .notNull()
      .default('removal-request'),
    requestType: text('request_type', { enum: ['location', 'account', 'photo', 'comment'] }).notNull(),
    decision: text('decision', { enum: ['approve', 'reject', 'hide', 'delete', 'dismiss'] }).notNull(),
    note: text('note'),
    subject: text('subject').notNull(),
    subjectId: text('subject_id'),
    moderatorUserId: uuid('moderator_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_audit_log_created_idx').on(t.createdAt),
    check(
      'moderation_audit_log_decision_check',
      sql`${t.decision} in ('approve', 'reject', 'hide', 'delete', 'dismiss')`,
    ),
    check(
      'moderation_audit_log_type_check',
      sql`${t.requestType} in ('location', 'account', 'photo', 'comment')`,
    ),
    check('moderation_audit_log_origin_check', sql`${t.origin} in ('removal-request', 'report')`),
  ],
);

/**
 * The map index's change feed (features/map-index): one row per place whose map data a
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

/**
 * Facts an import stated about a place (issue 18), one value per fact, with its provenance:
 * the first source to state a fact keeps it; a re-import of that source updates it. Parents'
 * answers are kept apart (fact_answers), so an import never overwrites what they said.
 */
export const importedFacts = pgTable(
  'imported_facts',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    source: text('source').notNull(),
    licence: text('licence'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.key] })],
);

/** Parents' answers to a place's facts: one per parent per fact, changed by answering again. */
export const factAnswers = pgTable(
  'fact_answers',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.key, t.userId] }),
    index('fact_answers_user_id_idx').on(t.userId),
  ],
);

/**
 * Public amenities near play spots (toilets, drinking water…), imported from OSM points.
 * One row per element and kind (a toilet with a changing table is two).
 */
export const amenities = pgTable(
  'amenities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: text('source_id').notNull(),
    kind: text('kind').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    position: geographyPoint('position')
      .notNull()
      .generatedAlwaysAs(sql`(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography)`),
    source: text('source').notNull(),
    licence: text('licence'),
  },
  (t) => [
    uniqueIndex('amenities_source_id_kind_key').on(t.sourceId, t.kind),
    index('amenities_position_gist').using('gist', t.position),
    check('amenities_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('amenities_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * Live conditions (issue 19): "wet", "busy", "broken swing"… reported by a parent at the
 * place. Shown until `expires_at` (the kind's lifetime after the last confirmation) unless
 * someone there says it is over (`cleared_at`). Who reported is kept for the one-answer rule
 * and account deletion, never shown.
 */
export const conditionReports = pgTable(
  'condition_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    equipment: text('equipment'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    lastConfirmedAt: timestamp('last_confirmed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** 'gone' (a parent there), 'fixed' (a moderator), 'superseded' (quiet after busy). */
    clearedHow: text('cleared_how'),
    /**
     * Who said it is over ('gone'): for the per-person limit on ends (core
     * CONDITION_ENDS_PER_DAY) and their own data download; never shown. Emptied when their
     * account is deleted.
     */
    clearedByUserId: uuid('cleared_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('condition_reports_cleared_by_idx')
      .on(t.clearedByUserId, t.clearedAt)
      .where(sql`${t.clearedByUserId} is not null`),
    index('condition_reports_open_idx')
      .on(t.locationId, t.expiresAt)
      .where(sql`${t.clearedAt} is null`),
    index('condition_reports_broken_idx')
      .on(t.reportedAt)
      .where(sql`${t.kind} = 'broken' and ${t.clearedAt} is null`),
  ],
);

/** The parents who said a condition is true: its reporter and each "still true". One row each. */
export const conditionConfirmations = pgTable(
  'condition_confirmations',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => conditionReports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('condition_confirmations_user_id_idx').on(t.userId),
  ],
);
