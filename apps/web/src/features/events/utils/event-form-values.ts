/**
 * The event form's values: where they start (a new event: today, on the next full hour,
 * weekly, public), the request body they make, and their check against core's
 * createEventSchema as one message per field.
 */
import {
  createEventSchema,
  EVENT_DEFAULT_MINUTES,
  eventDurationMinutes,
  eventEndTime,
  EVENT_TITLE_MAX_LENGTH,
  isValidTime,
  weekdayName,
  type CreateEventInput,
  type Event,
  type RepeatPattern,
  type WeekdayName,
} from '@playspot/core';
import { deviceTimeZone } from '../../../platform/device.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export interface EventFormValues {
  readonly title: string;
  readonly description: string;
  readonly dayOfWeek: WeekdayName;
  readonly time: string;
  /** When each occurrence ends, 'HH:MM', after the start on the same day (issue 45). */
  readonly endTime: string;
  readonly repeatPattern: RepeatPattern;
  readonly isPublic: boolean;
  readonly invitedUserNames: readonly string[];
}

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField | 'form', string>>;

export function initialEventValues(event: Event | null, now: Date): EventFormValues {
  if (event) {
    return {
      title: event.title,
      description: event.description ?? '',
      dayOfWeek: event.dayOfWeek,
      time: event.time,
      // An event made before ends were stored may end past midnight: the form offers the
      // day's last minute, which the person can change.
      endTime: eventDurationMinutes(event.time, event.endTime) === null ? '23:59' : event.endTime,
      repeatPattern: event.repeatPattern,
      isPublic: event.isPublic,
      invitedUserNames: event.invitedUserNames ?? [],
    };
  }
  const nextHour = (now.getHours() + 1) % 24;
  const time = `${String(nextHour).padStart(2, '0')}:00`;
  return {
    title: '',
    description: '',
    dayOfWeek: weekdayName(now, deviceTimeZone()),
    time,
    endTime: endAfter(time, EVENT_DEFAULT_MINUTES),
    repeatPattern: 'Week',
    isPublic: true,
    invitedUserNames: [],
  };
}

/** `start` plus `minutes`, or the day's last minute when that would pass midnight. */
function endAfter(start: string, minutes: number): string {
  const end = eventEndTime(start, minutes);
  return eventDurationMinutes(start, end) === null ? '23:59' : end;
}

/** A new start moves the end along, so the event keeps its length (as far as the day allows). */
export function withStart(values: EventFormValues, time: string): EventFormValues {
  const minutes = eventDurationMinutes(values.time, values.endTime);
  if (minutes === null || !isValidTime(time)) return { ...values, time };
  return { ...values, time, endTime: endAfter(time, minutes) };
}

/** The request body for these values; invitees are sent for private events only. */
export function eventBody(values: EventFormValues): Omit<CreateEventInput, 'locationId'> {
  return {
    title: values.title,
    description: values.description,
    dayOfWeek: values.dayOfWeek,
    time: values.time,
    endTime: values.endTime,
    repeatPattern: values.repeatPattern,
    isPublic: values.isPublic,
    invitedUserNames: values.isPublic ? [] : [...values.invitedUserNames],
  };
}

/** Field messages from the shared schema (the place id is the caller's, not the person's). */
export function validateEvent(values: EventFormValues): EventFormErrors {
  const result = createEventSchema.safeParse({
    ...eventBody(values),
    locationId: '00000000-0000-4000-8000-000000000000',
  });
  if (result.success) return {};
  const errors: EventFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key = typeof field === 'string' && field in values ? (field as EventFormField) : 'form';
    errors[key] ??= messageFor(key, issue.message);
  }
  return errors;
}

function messageFor(field: EventFormField | 'form', fallback: string): string {
  if (field === 'title') return i18n.t('events:form.titleError', { max: EVENT_TITLE_MAX_LENGTH });
  if (field === 'time') return i18n.t('events:form.timeError');
  if (field === 'endTime') return i18n.t('events:form.endTimeError');
  return fallback;
}
