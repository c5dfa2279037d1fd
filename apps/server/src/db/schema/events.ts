/** Events at places, their invitations and calendar feeds. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { locations } from './places.ts';

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
    // Wall-clock HH:MM (24 h) in the place's time zone.
    time: text('time').notNull(),
    // How long each occurrence lasts (issue 45). Events made before it was stored were written
    // to calendars as lasting an hour, and keep that (the default fills them in).
    durationMinutes: integer('duration_minutes').notNull().default(60),
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
    check('events_duration_check', sql`${t.durationMinutes} between 1 and 1440`),
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
