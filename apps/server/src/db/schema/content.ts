/** What people add to a place: comments and photos. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { locations } from './places.ts';

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
