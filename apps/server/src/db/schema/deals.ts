/** Deals shown at places. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { locations } from './places.ts';

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
