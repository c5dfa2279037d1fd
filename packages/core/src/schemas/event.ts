/** Events at a location (spec §3, §4, §6). */
import { z } from 'zod';
import { EVENT_DESCRIPTION_MAX_LENGTH, EVENT_TITLE_MAX_LENGTH, MAX_EVENT_INVITEES } from '../constants.ts';
import {
  idSchema,
  isoDateTimeSchema,
  repeatPatternSchema,
  textSchema,
  timeOfDaySchema,
  userNameSchema,
  weekdayNameSchema,
} from './common.ts';

/**
 * An event as the API returns it. timeZone is the location's zone, in which dayOfWeek and
 * time are meant (pass it to isEventHappeningNow / minutesUntilNextOccurrence).
 */
export const eventSchema = z.object({
  id: idSchema,
  locationId: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  dayOfWeek: weekdayNameSchema,
  time: timeOfDaySchema,
  repeatPattern: repeatPatternSchema,
  isPublic: z.boolean(),
  timeZone: z.string(),
  createdAt: isoDateTimeSchema,
  createdByUserName: z.string().nullable(),
  /** Present only for the event's creator. */
  invitedUserNames: z.array(z.string()).optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** POST /events body. A private event (isPublic false) is visible to its invitees. */
export const createEventSchema = z.strictObject({
  locationId: idSchema,
  title: textSchema(1, EVENT_TITLE_MAX_LENGTH),
  description: textSchema(0, EVENT_DESCRIPTION_MAX_LENGTH)
    .nullable()
    .transform((text) => (text === '' ? null : text))
    .default(null),
  dayOfWeek: weekdayNameSchema,
  time: timeOfDaySchema,
  repeatPattern: repeatPatternSchema,
  isPublic: z.boolean().default(true),
  invitedUserNames: z.array(userNameSchema).max(MAX_EVENT_INVITEES).default([]),
});
export type CreateEvent = z.output<typeof createEventSchema>;
export type CreateEventInput = z.input<typeof createEventSchema>;
