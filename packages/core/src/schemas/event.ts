/** Events at a place (spec §3, §4, §6). */
import { z } from 'zod';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  MAX_DISTANCE_KM,
  MAX_EVENT_INVITEES,
} from '../constants.ts';
import {
  fromQuery,
  idSchema,
  isoDateTimeSchema,
  latitudeSchema,
  longitudeSchema,
  queryLatitudeSchema,
  queryLongitudeSchema,
  repeatPatternSchema,
  storableString,
  textSchema,
  timeOfDaySchema,
  userNameSchema,
  weekdayNameSchema,
} from './common.ts';
import { eventDurationMinutes } from '../events.ts';

/** GET /events/today takes at most this many places (a map view's worth). */
export const MAX_EVENTS_TODAY_PLACES = 300;
/** GET /events/nearby looks this far around the centre unless told otherwise. */
export const DEFAULT_EVENTS_RADIUS_KM = 25;

/**
 * An event as the API returns it. timeZone is the place's zone, in which dayOfWeek and
 * time are meant (pass it to isEventHappeningNow / minutesUntilNextOccurrence).
 * happeningNow and startsInMinutes are computed by the server when it answers.
 */
export const eventSchema = z.object({
  id: idSchema,
  locationId: idSchema,
  locationName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  dayOfWeek: weekdayNameSchema,
  time: timeOfDaySchema,
  /**
   * Wall-clock end 'HH:MM' (issue 45), in the same zone. It is after `time` for every event
   * given an end; one made before ends were stored lasts EVENT_DEFAULT_MINUTES, so one that
   * started at 23:30 ends at 00:30 the next day.
   */
  endTime: timeOfDaySchema,
  /** How long each occurrence lasts, in minutes. */
  durationMinutes: z
    .int()
    .min(1)
    .max(24 * 60),
  repeatPattern: repeatPatternSchema,
  isPublic: z.boolean(),
  timeZone: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** null when the creator has no user name or deleted their account. */
  createdByUserName: z.string().nullable(),
  /** Present only for those who may edit the event (canEdit). */
  invitedUserNames: z.array(z.string()).optional(),
  /** Whether the caller may edit or delete it (creator, moderator, admin). */
  canEdit: z.boolean(),
  /** Live now: started at most EVENT_LIVE_MINUTES ago (isEventHappeningNow). */
  happeningNow: z.boolean(),
  /** Whole minutes until the next start; 0 at a start (minutesUntilNextOccurrence). */
  startsInMinutes: z.int().min(0),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * An event found around a point: where it is and how far. The place's coordinates let a
 * client measure from the person's exact position (the request's centre may be rounded).
 */
export const nearbyEventSchema = eventSchema.extend({
  distanceKm: z.number().min(0),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type NearbyEvent = z.infer<typeof nearbyEventSchema>;

const eventTitle = textSchema(1, EVENT_TITLE_MAX_LENGTH);
const eventDescription = textSchema(0, EVENT_DESCRIPTION_MAX_LENGTH)
  .nullable()
  .transform((text) => (text === '' ? null : text));
const invitedUserNames = z.array(userNameSchema).max(MAX_EVENT_INVITEES);

const END_AFTER_START = 'endTime: the end must be after the start, on the same day.';

/** An end given with its start must be after it (the same day); a bad time is the time's own issue. */
function endAfterStart(
  body: { time?: string | undefined; endTime?: string | undefined },
  context: z.RefinementCtx,
) {
  if (body.time === undefined || body.endTime === undefined) return;
  if (eventDurationMinutes(body.time, body.endTime) === null) {
    context.addIssue({ code: 'custom', path: ['endTime'], message: END_AFTER_START });
  }
}

/**
 * POST /events body. A private event (isPublic false) is visible to its invitees. endTime
 * ('HH:MM', after `time` on the same day) is optional: without it an event lasts
 * EVENT_DEFAULT_MINUTES.
 */
export const createEventSchema = z
  .strictObject({
    locationId: idSchema,
    title: eventTitle,
    description: eventDescription.default(null),
    dayOfWeek: weekdayNameSchema,
    time: timeOfDaySchema,
    endTime: timeOfDaySchema.optional(),
    repeatPattern: repeatPatternSchema,
    isPublic: z.boolean().default(true),
    invitedUserNames: invitedUserNames.default([]),
  })
  .superRefine(endAfterStart);
export type CreateEvent = z.output<typeof createEventSchema>;
export type CreateEventInput = z.input<typeof createEventSchema>;

/**
 * PATCH /events/:id body: any subset of the create fields except the place, at least
 * one. invitedUserNames replaces the whole list. A new `time` without `endTime` keeps the
 * event's length; an `endTime` must be after the start (given or stored).
 */
export const updateEventSchema = z
  .strictObject({
    title: eventTitle.optional(),
    description: eventDescription.optional(),
    dayOfWeek: weekdayNameSchema.optional(),
    time: timeOfDaySchema.optional(),
    endTime: timeOfDaySchema.optional(),
    repeatPattern: repeatPatternSchema.optional(),
    isPublic: z.boolean().optional(),
    invitedUserNames: invitedUserNames.optional(),
  })
  .refine((body) => Object.values(body).some((value: unknown) => value !== undefined), {
    message: 'Nothing to update: give at least one field.',
  })
  .superRefine(endAfterStart);
export type UpdateEvent = z.output<typeof updateEventSchema>;
export type UpdateEventInput = z.input<typeof updateEventSchema>;

/** POST /events, GET/PATCH /events/:id answer. */
export const eventResultSchema = z.object({ event: eventSchema });
export type EventResult = z.infer<typeof eventResultSchema>;

/** DELETE /events/:id answer. */
export const eventDeletedSchema = z.object({ deleted: z.literal(true) });

/** GET /locations/:id/events, GET /me/invitations answer. */
export const eventListSchema = z.object({ events: z.array(eventSchema) });
export type EventList = z.infer<typeof eventListSchema>;

/** GET /locations/:id/events query: optionally one weekday. */
export const placeEventsQuerySchema = z.strictObject({
  dayOfWeek: fromQuery(weekdayNameSchema.optional()),
});
export type PlaceEventsQuery = z.output<typeof placeEventsQuerySchema>;

/** GET /events/today query: comma-separated location ids, each once (at most 300). */
export const eventsTodayQuerySchema = z.strictObject({
  locationIds: storableString()
    .max(MAX_EVENTS_TODAY_PLACES * 40)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter((id) => id !== ''))
    .pipe(z.array(idSchema).min(1).max(MAX_EVENTS_TODAY_PLACES)),
});
export type EventsTodayQuery = z.output<typeof eventsTodayQuerySchema>;

/**
 * GET /events/today answer: every requested place that exists has a key, with the events
 * that occur today in its own time zone (an empty list when none), earliest first.
 */
export const eventsTodayResultSchema = z.object({
  eventsByLocationId: z.record(idSchema, z.array(eventSchema)),
});
export type EventsTodayResult = z.infer<typeof eventsTodayResultSchema>;

export const EVENT_RANGES = ['today', 'week'] as const;
export type EventRange = (typeof EVENT_RANGES)[number];

/** GET /events/nearby query: around a centre; today, or the next seven days ('week'). */
export const nearbyEventsQuerySchema = z.strictObject({
  lat: queryLatitudeSchema.pipe(z.number()),
  lng: queryLongitudeSchema.pipe(z.number()),
  radiusKm: fromQuery(z.coerce.number().positive().max(MAX_DISTANCE_KM).default(DEFAULT_EVENTS_RADIUS_KM)),
  range: fromQuery(z.enum(EVENT_RANGES).default('today')),
});
export type NearbyEventsQuery = z.output<typeof nearbyEventsQuerySchema>;

/** GET /events/nearby answer: soonest first (happening now, then by startsInMinutes). */
export const nearbyEventsResultSchema = z.object({ events: z.array(nearbyEventSchema) });
export type NearbyEventsResult = z.infer<typeof nearbyEventsResultSchema>;

/** A secret calendar feed token (issue 33): 32 random bytes, base64url. */
export const calendarTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/u, 'not a calendar address'),
});

/** GET /api/me/calendar-feed: whether the caller's "my events" feed is on (its address is shown once). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: isoDateTimeSchema.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/me/calendar-feed: a new secret address (the old one stops working). */
export const newCalendarFeedSchema = z.object({ token: z.string(), createdAt: isoDateTimeSchema });
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

export const revokedCalendarFeedSchema = z.object({ revoked: z.boolean() });
