/** All SQL for events: visible-to-caller reads, writes and invitee lists. */
import { userNameKey, type LatLng, type RepeatPattern, type WeekdayName } from '@playspot/core';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calendarFeedTokens, eventInvitees, events, locations, users } from '../../db/schema.ts';

export interface EventRow {
  id: string;
  locationId: string;
  locationName: string;
  timeZone: string;
  title: string;
  description: string | null;
  dayOfWeek: WeekdayName;
  time: string;
  durationMinutes: number;
  repeatPattern: RepeatPattern;
  isPublic: boolean;
  createdByUserId: string;
  createdByUserName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const eventColumns = {
  id: events.id,
  locationId: events.locationId,
  locationName: locations.name,
  timeZone: locations.timeZone,
  title: events.title,
  description: events.description,
  dayOfWeek: events.dayOfWeek,
  time: events.time,
  durationMinutes: events.durationMinutes,
  repeatPattern: events.repeatPattern,
  isPublic: events.isPublic,
  createdByUserId: events.createdByUserId,
  createdByUserName: users.userName,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

/**
 * Spec §6: a private event is visible to its creator and its invitees only — moderators and
 * admins included. Every read goes through this condition.
 */
export function visibleTo(viewerId: string | null): SQL {
  if (viewerId === null) return sql`${events.isPublic}`;
  const condition = or(
    eq(events.isPublic, true),
    eq(events.createdByUserId, viewerId),
    sql`exists (select 1 from ${eventInvitees} where ${eventInvitees.eventId} = ${events.id} and ${eventInvitees.userId} = ${viewerId})`,
  );
  if (!condition) throw new Error('unreachable: or() of conditions is defined');
  return condition;
}

function selectEvents(db: Database) {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .leftJoin(users, eq(users.id, events.createdByUserId));
}

/** The event whatever its visibility (callers decide what a caller may learn). */
export async function findEvent(db: Database, id: string): Promise<EventRow | null> {
  const [row] = await selectEvents(db).where(eq(events.id, id));
  return row ?? null;
}

export async function isInvitee(db: Database, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: eventInvitees.eventId })
    .from(eventInvitees)
    .where(and(eq(eventInvitees.eventId, eventId), eq(eventInvitees.userId, userId)));
  return row !== undefined;
}

export async function eventsAtPlaces(
  db: Database,
  locationIds: string[],
  viewerId: string | null,
  dayOfWeek?: WeekdayName,
): Promise<EventRow[]> {
  if (locationIds.length === 0) return [];
  const conditions = [inArray(events.locationId, locationIds), visibleTo(viewerId)];
  if (dayOfWeek) conditions.push(eq(events.dayOfWeek, dayOfWeek));
  return selectEvents(db)
    .where(and(...conditions))
    .orderBy(asc(events.time), asc(events.createdAt), asc(events.id));
}

/** Existing ids among `ids`. */
export async function existingPlaceIds(db: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids));
  return rows.map((row) => row.id);
}

/** Visible events at places within `radiusKm` of `centre`, with where they are and how far. */
export async function eventsNear(
  db: Database,
  centre: LatLng,
  radiusKm: number,
  viewerId: string | null,
  limit: number,
): Promise<(EventRow & { distanceKm: number; latitude: number; longitude: number })[]> {
  const point = sql`ST_SetSRID(ST_MakePoint(${centre.lng}::float8, ${centre.lat}::float8), 4326)::geography`;
  return db
    .select({
      ...eventColumns,
      distanceKm: sql<number>`ST_Distance(${locations.position}, ${point}, false) / 1000`,
      latitude: locations.latitude,
      longitude: locations.longitude,
    })
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .leftJoin(users, eq(users.id, events.createdByUserId))
    .where(
      and(
        sql`ST_DWithin(${locations.position}, ${point}, ${radiusKm * 1000}::float8, false)`,
        visibleTo(viewerId),
      ),
    )
    .orderBy(sql`${locations.position} <-> ${point}`, asc(events.id))
    .limit(limit);
}

/** Events the user is invited to. */
export async function invitationsOf(db: Database, userId: string): Promise<EventRow[]> {
  return selectEvents(db)
    .innerJoin(eventInvitees, eq(eventInvitees.eventId, events.id))
    .where(eq(eventInvitees.userId, userId))
    .orderBy(asc(events.createdAt), asc(events.id));
}

/** A place's name, or null when there is no such place. */
export async function locationName(db: Database, locationId: string): Promise<string | null> {
  const [row] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name ?? null;
}

/** "My events" (issue 33): the events the user made or is invited to, oldest first. */
export async function eventsOfUser(db: Database, userId: string): Promise<EventRow[]> {
  return selectEvents(db)
    .where(
      or(
        eq(events.createdByUserId, userId),
        sql`exists (select 1 from ${eventInvitees} where ${eventInvitees.eventId} = ${events.id} and ${eventInvitees.userId} = ${userId})`,
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id));
}

/** Replaces the user's calendar feed token (its hash) with a new one. */
export async function saveCalendarToken(
  db: Database,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insert(calendarFeedTokens)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash, createdAt: now } });
}

/** Revokes the user's calendar feed token; false when there was none. */
export async function deleteCalendarToken(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId))
    .returning({ userId: calendarFeedTokens.userId });
  return removed.length > 0;
}

/** Whose feed a token hash opens, and since when; null when none (never made or revoked). */
export async function calendarTokenOwner(
  db: Database,
  tokenHash: string,
): Promise<{ userId: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ userId: calendarFeedTokens.userId, createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** When the user's calendar feed token was made, or null when they have none. */
export async function calendarTokenOf(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId));
  return row?.createdAt ?? null;
}

/** Invitee user names per event (only for callers allowed to see them). */
export async function inviteeNames(db: Database, eventIds: string[]): Promise<Map<string, string[]>> {
  const byEvent = new Map<string, string[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ eventId: eventInvitees.eventId, userName: users.userName })
    .from(eventInvitees)
    .innerJoin(users, eq(users.id, eventInvitees.userId))
    .where(inArray(eventInvitees.eventId, eventIds))
    .orderBy(asc(users.userNameKey));
  for (const row of rows) {
    if (row.userName === null) continue;
    const names = byEvent.get(row.eventId) ?? [];
    names.push(row.userName);
    byEvent.set(row.eventId, names);
  }
  return byEvent;
}

/** Users by name (case-insensitive in any script): core userNameKey → id, for the names that exist. */
export async function usersByName(db: Database, userNames: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (userNames.length === 0) return found;
  const rows = await db
    .select({ id: users.id, key: users.userNameKey })
    .from(users)
    .where(inArray(users.userNameKey, userNames.map(userNameKey)));
  for (const row of rows) if (row.key) found.set(row.key, row.id);
  return found;
}

export interface EventValues {
  title: string;
  description: string | null;
  dayOfWeek: WeekdayName;
  time: string;
  durationMinutes: number;
  repeatPattern: RepeatPattern;
  isPublic: boolean;
}

export async function insertEvent(
  tx: Database,
  values: EventValues & { locationId: string; createdByUserId: string; now: Date },
): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(events)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: events.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateEvent(
  tx: Database,
  id: string,
  values: Partial<EventValues>,
  now: Date,
): Promise<void> {
  await tx
    .update(events)
    .set({ ...values, updatedAt: now })
    .where(eq(events.id, id));
}

export async function replaceInvitees(tx: Database, eventId: string, userIds: string[]): Promise<void> {
  await tx.delete(eventInvitees).where(eq(eventInvitees.eventId, eventId));
  if (userIds.length > 0) {
    await tx.insert(eventInvitees).values(userIds.map((userId) => ({ eventId, userId })));
  }
}

export async function deleteEvent(tx: Database, id: string): Promise<void> {
  await tx.delete(events).where(eq(events.id, id));
}
