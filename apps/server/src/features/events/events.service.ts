/**
 * Events at places (spec §3, §4, §6): create (signed in), edit and delete (creator,
 * moderator, admin), and reads that show private events to their creator and invitees only.
 * "Today", "happening now" and "starts in" are evaluated in each place's time zone at the
 * moment of the request with the core schedule rules.
 */
import {
  canModifyOwned,
  ERROR_MESSAGES,
  EVENT_DEFAULT_MINUTES,
  eventDurationMinutes,
  eventEndTime,
  isEventHappeningNow,
  isEventOnToday,
  minutesUntilNextOccurrence,
  userNameKey,
  usableTimeZone,
  WEEKDAY_NAMES,
  type Actor,
  type CreateEvent,
  type Event,
  type NearbyEvent,
  type NearbyEventsQuery,
  type UpdateEvent,
  type WeekdayName,
} from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { PlaceExists } from '../../lib/capabilities.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { createCalendarUseCases } from './calendar-use-cases.ts';
import * as repository from './events.repository.ts';

/** Who is asking: a signed-in person (id and role), or nobody. */
export type Viewer = Actor | null;

const MINUTES_PER_WEEK = 7 * 24 * 60;
/** Events around a point are looked for among this many nearest. */
const NEARBY_EVENT_LIMIT = 500;

const eventNotFound = () => notFound('Event not found');

function zoneOf(row: repository.EventRow): string {
  return usableTimeZone(row.timeZone);
}

/** Live now, or has an occurrence on today's date in the place's zone. */
function isOnToday(row: repository.EventRow, now: Date): boolean {
  return isEventOnToday(row, now, zoneOf(row));
}

/** Live now, or starts within the next seven days. */
function isThisWeek(row: repository.EventRow, now: Date): boolean {
  const zone = zoneOf(row);
  return isEventHappeningNow(row, now, zone) || minutesUntilNextOccurrence(row, now, zone) < MINUTES_PER_WEEK;
}

/** Happening now first, then soonest to start. */
function bySoonest(a: Event, b: Event): number {
  if (a.happeningNow !== b.happeningNow) return a.happeningNow ? -1 : 1;
  return a.startsInMinutes - b.startsInMinutes;
}

function byWeekdayAndTime(a: Event, b: Event): number {
  const day = WEEKDAY_NAMES.indexOf(a.dayOfWeek) - WEEKDAY_NAMES.indexOf(b.dayOfWeek);
  return day !== 0 ? day : a.time.localeCompare(b.time);
}

/** A new event's length (issue 45): to its end, or EVENT_DEFAULT_MINUTES when it has none. */
function createdDuration(body: CreateEvent): number {
  return (
    (body.endTime === undefined ? null : eventDurationMinutes(body.time, body.endTime)) ??
    EVENT_DEFAULT_MINUTES
  );
}

/**
 * The length an edit leaves (issue 45): a new end is measured from the new or the stored
 * start and must be after it; a new start alone keeps the event's length.
 */
function newDuration(
  current: repository.EventRow,
  time: string | undefined,
  endTime: string | undefined,
): { durationMinutes?: number } {
  if (endTime === undefined) return {};
  const durationMinutes = eventDurationMinutes(time ?? current.time, endTime);
  if (durationMinutes === null)
    throw badRequest('endTime: the end must be after the start, on the same day.');
  return { durationMinutes };
}

const canEdit = (viewer: Viewer, row: repository.EventRow) =>
  viewer !== null && canModifyOwned(viewer, row.createdByUserId);

/** The API shape; invitee names only for those who may edit the event. */
async function toEvents(
  db: Database,
  rows: repository.EventRow[],
  viewer: Viewer,
  at: Date,
): Promise<Event[]> {
  const editable = rows.filter((row) => canEdit(viewer, row)).map((row) => row.id);
  const invitees = await repository.inviteeNames(db, editable);
  return rows.map((row) => {
    const zone = zoneOf(row);
    const mayEdit = canEdit(viewer, row);
    return {
      id: row.id,
      locationId: row.locationId,
      locationName: row.locationName,
      title: row.title,
      description: row.description,
      dayOfWeek: row.dayOfWeek,
      time: row.time,
      endTime: eventEndTime(row.time, row.durationMinutes),
      durationMinutes: row.durationMinutes,
      repeatPattern: row.repeatPattern,
      isPublic: row.isPublic,
      timeZone: zone,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      createdByUserName: row.createdByUserName,
      ...(mayEdit ? { invitedUserNames: invitees.get(row.id) ?? [] } : {}),
      canEdit: mayEdit,
      happeningNow: isEventHappeningNow(row, at, zone),
      startsInMinutes: minutesUntilNextOccurrence(row, at, zone),
    };
  });
}

export function createEventsService(deps: {
  database: DatabaseHandle;
  now?: () => Date;
  placeExists: PlaceExists;
  /** The address people use: calendar entries link to the place's page there. */
  publicUrl?: URL;
  productName?: string;
}) {
  const { placeExists } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  async function toEvent(row: repository.EventRow, viewer: Viewer): Promise<Event> {
    const [event] = await toEvents(db, [row], viewer, now());
    if (!event) throw new Error('unreachable: one row gives one event');
    return event;
  }

  /** The event if the viewer may see it; a private event is "not found" for anyone else. */
  async function visibleEvent(id: string, viewer: Viewer): Promise<repository.EventRow> {
    const row = await repository.findEvent(db, id);
    if (!row) throw eventNotFound();
    if (row.isPublic) return row;
    if (viewer && (row.createdByUserId === viewer.id || (await repository.isInvitee(db, id, viewer.id)))) {
      return row;
    }
    throw eventNotFound();
  }

  /**
   * The event for a change by `actor`: its creator, or a moderator or admin when they may see
   * it. Visibility comes first, for every verb: a private event is "not found" to whoever may
   * not see it, moderators and admins included, exactly as GET answers (issue 30: a
   * moderator's PATCH used to answer 200 with the title and the invitees).
   */
  async function editableEvent(id: string, actor: Actor): Promise<repository.EventRow> {
    const row = await visibleEvent(id, actor);
    if (canEdit(actor, row)) return row;
    throw forbidden('Only the person who created this event, or a moderator, can change it.');
  }

  /** User ids for invitee names (case-insensitive); an unknown name is refused by name. */
  async function resolveInvitees(userNames: string[], creatorId: string): Promise<string[]> {
    const found = await repository.usersByName(db, userNames);
    const ids = new Set<string>();
    for (const name of userNames) {
      const id = found.get(userNameKey(name));
      if (!id) throw badRequest(`invitedUserNames: nobody is called "${name}".`);
      if (id !== creatorId) ids.add(id);
    }
    return [...ids];
  }

  return {
    async create(body: CreateEvent, actor: Actor): Promise<Event> {
      // Outside the transaction: it reads through `db`, which on the embedded database (one
      // connection) would wait forever for the transaction holding that connection.
      const invitees = await resolveInvitees(body.invitedUserNames, actor.id);
      const row = await db.transaction(async (tx) => {
        if (!(await placeExists(tx, body.locationId))) throw notFound(ERROR_MESSAGES.placeDoesNotExist);
        const eventId = await repository.insertEvent(tx, {
          locationId: body.locationId,
          createdByUserId: actor.id,
          title: body.title,
          description: body.description,
          dayOfWeek: body.dayOfWeek,
          time: body.time,
          durationMinutes: createdDuration(body),
          repeatPattern: body.repeatPattern,
          isPublic: body.isPublic,
          now: now(),
        });
        await repository.replaceInvitees(tx, eventId, invitees);
        // Read before commit: a deletion of the place right after it takes the event along,
        // and the answer must still be the event that was created (201), not a 404.
        return repository.findEvent(tx, eventId);
      });
      if (!row) throw eventNotFound();
      return toEvent(row, actor);
    },

    async get(id: string, viewer: Viewer): Promise<Event> {
      return toEvent(await visibleEvent(id, viewer), viewer);
    },

    async edit(id: string, body: UpdateEvent, actor: Actor): Promise<Event> {
      const current = await editableEvent(id, actor);
      const { invitedUserNames, endTime, ...fields } = body;
      const length = newDuration(current, fields.time, endTime);
      const invitees =
        invitedUserNames === undefined
          ? undefined
          : await resolveInvitees(invitedUserNames, current.createdByUserId);
      await db.transaction(async (tx) => {
        await repository.updateEvent(tx, id, { ...fields, ...length }, now());
        if (invitees !== undefined) await repository.replaceInvitees(tx, id, invitees);
      });
      const row = await repository.findEvent(db, id);
      if (!row) throw eventNotFound();
      return toEvent(row, actor);
    },

    async remove(id: string, actor: Actor): Promise<{ deleted: true }> {
      await editableEvent(id, actor);
      await repository.deleteEvent(db, id);
      return { deleted: true };
    },

    /** A place's events (optionally one weekday), Monday first, then by time. */
    async atPlace(locationId: string, viewer: Viewer, dayOfWeek?: WeekdayName): Promise<Event[]> {
      if (!(await placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
      const rows = await repository.eventsAtPlaces(db, [locationId], viewer?.id ?? null, dayOfWeek);
      return (await toEvents(db, rows, viewer, now())).sort(byWeekdayAndTime);
    },

    /** Today's events for many places at once, each place in its own zone. */
    async today(locationIds: string[], viewer: Viewer): Promise<Record<string, Event[]>> {
      const at = now();
      const existing = await repository.existingPlaceIds(db, locationIds);
      const rows = await repository.eventsAtPlaces(db, existing, viewer?.id ?? null);
      const todays = await toEvents(
        db,
        rows.filter((row) => isOnToday(row, at)),
        viewer,
        at,
      );
      const byPlace: Record<string, Event[]> = Object.fromEntries(existing.map((id) => [id, []]));
      for (const event of todays.sort(bySoonest)) byPlace[event.locationId]?.push(event);
      return byPlace;
    },

    /** Events around a point today or in the next seven days, soonest first. */
    async nearby(query: NearbyEventsQuery, viewer: Viewer): Promise<NearbyEvent[]> {
      const at = now();
      const rows = await repository.eventsNear(
        db,
        { lat: query.lat, lng: query.lng },
        query.radiusKm,
        viewer?.id ?? null,
        NEARBY_EVENT_LIMIT,
      );
      const inRange = rows.filter((row) =>
        query.range === 'today' ? isOnToday(row, at) : isThisWeek(row, at),
      );
      const shaped = await toEvents(db, inRange, viewer, at);
      const places = new Map(inRange.map((row) => [row.id, row]));
      return shaped
        .flatMap((event) => {
          const place = places.get(event.id);
          return place
            ? [
                {
                  ...event,
                  distanceKm: place.distanceKm,
                  latitude: place.latitude,
                  longitude: place.longitude,
                },
              ]
            : [];
        })
        .sort((a, b) => bySoonest(a, b) || a.distanceKm - b.distanceKm);
    },

    /** Events the caller is invited to, soonest first. */
    async invitations(actor: Actor): Promise<Event[]> {
      const rows = await repository.invitationsOf(db, actor.id);
      return (await toEvents(db, rows, actor, now())).sort(bySoonest);
    },

    ...createCalendarUseCases({
      db,
      now,
      placeExists,
      visibleEvent,
      publicUrl: deps.publicUrl,
      productName: deps.productName,
    }),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
