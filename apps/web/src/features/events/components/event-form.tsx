/**
 * Create or edit an event: title, description, weekday, time, repeat, public or private and,
 * for a private one, the user names invited. Checked with the same zod schema as the server,
 * so the messages match; each message sits under its field and is announced with it.
 */
import {
  createEventSchema,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  REPEAT_PATTERNS,
  validateUserName,
  WEEKDAY_NAMES,
  weekdayName,
  type CreateEventInput,
  type Event,
  type RepeatPattern,
  type WeekdayName,
} from '@playspot/core';
import { Globe, Lock, UserPlus, X } from 'lucide-react';
import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { deviceTimeZone, REPEAT_PATTERN_LABELS } from '../utils/event-timing.ts';

export interface EventFormValues {
  readonly title: string;
  readonly description: string;
  readonly dayOfWeek: WeekdayName;
  readonly time: string;
  readonly repeatPattern: RepeatPattern;
  readonly isPublic: boolean;
  readonly invitedUserNames: readonly string[];
}

type FieldName = keyof EventFormValues;
type FieldErrors = Partial<Record<FieldName | 'form', string>>;

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
export function validateEvent(values: EventFormValues): FieldErrors {
  const result = createEventSchema.safeParse({
    ...eventBody(values),
    locationId: '00000000-0000-4000-8000-000000000000',
  });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key = typeof field === 'string' && field in values ? (field as FieldName) : 'form';
    errors[key] ??= messageFor(key, issue.message);
  }
  return errors;
}

function messageFor(field: FieldName | 'form', fallback: string): string {
  if (field === 'title') return `Give the event a title (up to ${EVENT_TITLE_MAX_LENGTH} characters).`;
  if (field === 'time') return 'Pick a start time.';
  return fallback;
}

interface EventFormProps {
  readonly initial: EventFormValues;
  readonly submitLabel: string;
  readonly pending: boolean;
  /** A message from the server (an unknown invitee, say). */
  readonly serverError: string | null;
  readonly onSubmit: (values: EventFormValues) => void;
  readonly onCancel: () => void;
}

const inputClass =
  'mt-1.5 block min-h-12 w-full rounded-2xl border border-gray-300 bg-white px-4 py-2.5 text-base text-ink shadow-inner shadow-black/[0.02] focus:border-sky-600 focus:outline-3 focus:outline-sky-600/30 aria-[invalid=true]:border-red-700';

export function EventForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: EventFormProps) {
  const id = useId();
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invitee, setInvitee] = useState('');
  const [inviteeError, setInviteeError] = useState<string | null>(null);

  const set = <K extends FieldName>(field: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const addInvitee = () => {
    const name = invitee.trim();
    if (name === '') return;
    const check = validateUserName(name);
    if (!check.ok) {
      setInviteeError(check.message);
      return;
    }
    const already = values.invitedUserNames.some((existing) => existing.toLowerCase() === name.toLowerCase());
    if (!already) set('invitedUserNames', [...values.invitedUserNames, name]);
    setInvitee('');
    setInviteeError(null);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEvent(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstField = Object.keys(found)[0];
      document.getElementById(`${id}-${firstField ?? 'title'}`)?.focus();
      return;
    }
    onSubmit(values);
  };

  const fieldError = (field: FieldName) => errors[field];
  const describedBy = (field: FieldName) => (fieldError(field) ? `${id}-${field}-error` : undefined);

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-5">
      <Field id={`${id}-title`} label="Title" error={fieldError('title')}>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={values.title}
          maxLength={EVENT_TITLE_MAX_LENGTH}
          placeholder="Toddler meetup"
          aria-invalid={fieldError('title') ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(e) => {
            set('title', e.target.value);
          }}
        />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)" error={fieldError('description')}>
        <textarea
          id={`${id}-description`}
          className={`${inputClass} min-h-24`}
          value={values.description}
          maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
          placeholder="What to bring, who it suits, where to meet"
          aria-invalid={fieldError('description') ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(e) => {
            set('description', e.target.value);
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-dayOfWeek`} label="Day" error={fieldError('dayOfWeek')}>
          <select
            id={`${id}-dayOfWeek`}
            className={inputClass}
            value={values.dayOfWeek}
            onChange={(e) => {
              const day = WEEKDAY_NAMES.find((name) => name === e.target.value);
              if (day) set('dayOfWeek', day);
            }}
          >
            {WEEKDAY_NAMES.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-time`} label="Start time" error={fieldError('time')}>
          <input
            id={`${id}-time`}
            type="time"
            className={inputClass}
            value={values.time}
            required
            aria-invalid={fieldError('time') ? true : undefined}
            aria-describedby={describedBy('time')}
            onChange={(e) => {
              set('time', e.target.value);
            }}
          />
        </Field>
      </div>
      <Field id={`${id}-repeatPattern`} label="Repeats" error={fieldError('repeatPattern')}>
        <select
          id={`${id}-repeatPattern`}
          className={inputClass}
          value={values.repeatPattern}
          onChange={(e) => {
            const pattern = REPEAT_PATTERNS.find((name) => name === e.target.value);
            if (pattern) set('repeatPattern', pattern);
          }}
        >
          {REPEAT_PATTERNS.map((pattern) => (
            <option key={pattern} value={pattern}>
              {REPEAT_PATTERN_LABELS[pattern]}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend className="text-base font-bold text-ink">Who can see it</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          <VisibilityOption
            name={`${id}-visibility`}
            checked={values.isPublic}
            icon={<Globe aria-hidden="true" className="h-5 w-5" />}
            label="Everyone"
            onSelect={() => {
              set('isPublic', true);
            }}
          />
          <VisibilityOption
            name={`${id}-visibility`}
            checked={!values.isPublic}
            icon={<Lock aria-hidden="true" className="h-5 w-5" />}
            label="Invited only"
            onSelect={() => {
              set('isPublic', false);
            }}
          />
        </div>
      </fieldset>
      {!values.isPublic && (
        <div>
          <label htmlFor={`${id}-invitee`} className="text-base font-bold text-ink">
            Invite people by user name
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id={`${id}-invitee`}
              className={`${inputClass} mt-0`}
              value={invitee}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="user name"
              aria-invalid={inviteeError ? true : undefined}
              aria-describedby={inviteeError ? `${id}-invitee-error` : `${id}-invitee-hint`}
              onChange={(e) => {
                setInvitee(e.target.value);
                setInviteeError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addInvitee();
                }
              }}
            />
            <Button variant="secondary" className="shrink-0 px-4" onClick={addInvitee}>
              <UserPlus aria-hidden="true" className="h-5 w-5" />
              Add
            </Button>
          </div>
          {inviteeError ? (
            <p id={`${id}-invitee-error`} className="mt-1.5 text-sm font-bold text-red-800">
              {inviteeError}
            </p>
          ) : (
            <p id={`${id}-invitee-hint`} className="mt-1.5 text-sm text-gray-700">
              Only you and the people you invite will see this event.
            </p>
          )}
          {values.invitedUserNames.length > 0 && (
            <ul aria-label="Invited" className="mt-2 flex flex-wrap gap-2">
              {values.invitedUserNames.map((name) => (
                <li
                  key={name}
                  className="inline-flex items-center gap-1 rounded-full bg-violet-100 py-1 pr-1 pl-3 text-base font-bold text-violet-900"
                >
                  {name}
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-violet-200 focus-visible:outline-3 focus-visible:outline-sky-600"
                    onClick={() => {
                      set(
                        'invitedUserNames',
                        values.invitedUserNames.filter((existing) => existing !== name),
                      );
                    }}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {fieldError('invitedUserNames') && (
            <p className="mt-1.5 text-sm font-bold text-red-800">{fieldError('invitedUserNames')}</p>
          )}
        </div>
      )}
      {(serverError ?? errors.form) && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-base font-bold text-red-900">
          {serverError ?? errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="quiet" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-base font-bold text-ink">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-bold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function VisibilityOption({
  name,
  checked,
  icon,
  label,
  onSelect,
}: {
  readonly name: string;
  readonly checked: boolean;
  readonly icon: ReactNode;
  readonly label: string;
  readonly onSelect: () => void;
}) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border-2 px-3 text-base font-bold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sky-600 ${
        checked ? 'border-sun-700 bg-sun-50 text-sun-900' : 'border-gray-200 bg-white text-gray-800'
      }`}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" />
      {icon}
      {label}
    </label>
  );
}
