/** Maintenance areas, their maintainers, and the defects sent to them (issue 48). */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { geometryMultiPolygon } from '../geography.ts';
import { createdAt, updatedAt } from './columns.ts';
import { conditionReports } from './conditions.ts';
import { users } from './people.ts';
import { locations } from './places.ts';

/**
 * An area someone maintains (a council's parks department): its outline, and how to reach
 * it — e-mail, an Open311 GeoReport v2 endpoint with its service code, or both.
 */
export const maintenanceAreas = pgTable(
  'maintenance_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    open311Endpoint: text('open311_endpoint'),
    open311ServiceCode: text('open311_service_code'),
    /** Sent as GeoReport's api_key; never answered back by the API. */
    open311ApiKey: text('open311_api_key'),
    boundary: geometryMultiPolygon('boundary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_areas_boundary_idx').using('gist', t.boundary),
    check(
      'maintenance_areas_contact_check',
      sql`${t.email} is not null or (${t.open311Endpoint} is not null and ${t.open311ServiceCode} is not null)`,
    ),
  ],
);

/** The people who answer for an area in PlaySpot (its maintainer page, "fixed"). */
export const areaMaintainers = pgTable(
  'area_maintainers',
  {
    areaId: uuid('area_id')
      .notNull()
      .references(() => maintenanceAreas.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.userId] }), index('area_maintainers_user_id_idx').on(t.userId)],
);

/**
 * Broken equipment at a place, confirmed by parents and sent to its area once (core
 * decideDefect): one open defect per place and equipment. `delivery_*` follow the sending
 * job; `resolved_*` the maintainer's word (or the Open311 server's closed status).
 */
export const defects = pgTable(
  'defects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placeId: uuid('place_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    equipment: text('equipment').notNull(),
    areaId: uuid('area_id')
      .notNull()
      .references(() => maintenanceAreas.id, { onDelete: 'cascade' }),
    /** The broken report it was made from (and, once reopened, the one that reopened it). */
    reportId: uuid('report_id').references(() => conditionReports.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    /** 'pending' (queued or retrying), 'sent', 'failed' (retries used up). */
    deliveryState: text('delivery_state').notNull().default('pending'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    deliveryError: text('delivery_error'),
    /** The channels it reached: 'email', 'open311'. */
    deliveredChannels: text('delivered_channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    open311RequestId: text('open311_request_id'),
    open311Token: text('open311_token'),
    /** 'fixed' or 'not_defect'; null while open. */
    resolvedHow: text('resolved_how'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The maintainer who answered (null: the Open311 server closed it); never shown. */
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('defects_open_key')
      .on(t.placeId, t.equipment)
      .where(sql`${t.resolvedAt} is null`),
    index('defects_area_idx').on(t.areaId, t.openedAt),
    index('defects_delivery_idx').on(t.deliveryState, t.updatedAt),
    check('defects_delivery_state_check', sql`${t.deliveryState} in ('pending', 'sent', 'failed')`),
    check('defects_resolved_check', sql`(${t.resolvedAt} is null) = (${t.resolvedHow} is null)`),
    check('defects_resolved_how_check', sql`${t.resolvedHow} in ('fixed', 'not_defect')`),
  ],
);
