/** Facts about places: imported, answered by parents, amenities nearby. */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { geographyPoint } from '../geography.ts';
import { users } from './people.ts';
import { locations } from './places.ts';

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
