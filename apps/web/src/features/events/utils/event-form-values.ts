/**
 * The event form's values: where they start (a new event: today, on the next full hour,
 * weekly, public), the request body they make, and their check against core's
 * createEventSchema as one message per field.
 */
import {
  createEventSchema,
  EVENT_TITLE_MAX_LENGTH,
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
      repeatPattern: event.repeatPattern,
      isPublic: event.isPublic,
      invitedUserNames: event.invitedUserNames ?? [],
    };
  }
  const nextHour = (now.getHours() + 1) % 24;
  return {
    title: '',
    description: '',
    dayOfWeek: weekdayName(now, deviceTimeZone()),
    time: `${String(nextHour).padStart(2, '0')}:00`,
    repeatPattern: 'Week',
    isPublic: true,
    invitedUserNames: [],
  };
}

/** The request body for these values; invitees are sent for private events only. */
export function eventBody(values: EventFormValues): Omit<CreateEventInput, 'locationId'> {
  return {
    title: values.title,
    description: values.description,
    dayOfWeek: values.dayOfWeek,
    time: values.time,
    repeatPattern: values.repeatPattern,
    isPublic: values.isPublic,
    invitedUserNames: values.isPublic ? [] : [...values.invitedUserNames],
  };
}

/** Field messages from the shared schema (the location id is the caller's, not the person's). */
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
  return fallback;
}
