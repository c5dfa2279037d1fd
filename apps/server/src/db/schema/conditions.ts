/** Live conditions at places and their confirmations. */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.ts';
import { locations } from './places.ts';

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
    /**
     * 'gone' (a parent there), 'fixed' (a moderator, or the area's maintainer: issue 48),
     * 'dismissed' (the maintainer: not a defect), 'superseded' (quiet after busy).
     */
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
