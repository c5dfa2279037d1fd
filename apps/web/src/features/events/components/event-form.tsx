/**
 * Create or edit an event: title, description, weekday, time, repeat, public or private and,
 * for a private one, the user names invited. Checked with the same zod schema as the server,
 * so the messages match; each message sits under its field and is announced with it.
 */
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  REPEAT_PATTERNS,
  WEEKDAY_NAMES,
} from '@playspot/core';
import { Globe, Lock, UserPlus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { useEventForm } from '../hooks/use-event-form.ts';
import type { EventFormErrors, EventFormField, EventFormValues } from '../utils/event-form-values.ts';

interface EventFormProps {
  readonly initial: EventFormValues;
  readonly submitLabel: string;
  readonly pending: boolean;
  /** A message from the server (an unknown invitee, say). */
  readonly serverError: string | null;
  readonly onSubmit: (values: EventFormValues) => void;
  readonly onCancel: () => void;
}

/** What the form's parts get: the field ids' stem, the values, their messages and a setter. */
interface FieldsProps {
  readonly id: string;
  readonly values: EventFormValues;
  readonly errors: EventFormErrors;
  readonly set: <K extends EventFormField>(field: K, value: EventFormValues[K]) => void;
}

export function EventForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: EventFormProps) {
  const { t } = useTranslation('events');
  const form = useEventForm(initial, onSubmit);
  const { id, values, errors, set } = form;

  return (
    <form noValidate onSubmit={form.submit} className="mt-5 space-y-5">
      <FormField id={`${id}-title`} label={t('form.title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            className={inputClassName}
            value={values.title}
            maxLength={EVENT_TITLE_MAX_LENGTH}
            placeholder={t('form.titlePlaceholder')}
            onChange={(e) => {
              set('title', e.target.value);
            }}
          />
        )}
      </FormField>
      <FormField id={`${id}-description`} label={t('form.description')} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            className={`${inputClassName} min-h-24`}
            value={values.description}
            maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
            placeholder={t('form.descriptionPlaceholder')}
            onChange={(e) => {
              set('description', e.target.value);
            }}
          />
        )}
      </FormField>
      <ScheduleFields id={id} values={values} errors={errors} set={set} setStart={form.setStart} />
      <fieldset>
        <legend className="text-base font-bold text-ink">{t('form.who')}</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          <VisibilityOption
            name={`${id}-visibility`}
            checked={values.isPublic}
            icon={<Globe aria-hidden="true" className="h-5 w-5" />}
            label={t('form.everyone')}
            onSelect={() => {
              set('isPublic', true);
            }}
          />
          <VisibilityOption
            name={`${id}-visibility`}
            checked={!values.isPublic}
            icon={<Lock aria-hidden="true" className="h-5 w-5" />}
            label={t('form.invitedOnly')}
            onSelect={() => {
              set('isPublic', false);
            }}
          />
        </div>
      </fieldset>
      {!values.isPublic && (
        <InviteFields
          id={id}
          values={values}
          errors={errors}
          set={set}
          invitee={form.invitee}
          inviteeError={form.inviteeError}
          onInviteeChange={form.typeInvitee}
          onAdd={form.addInvitee}
        />
      )}
      <FormError message={serverError ?? errors.form} />
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="quiet" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The weekday, the start and end, and how it repeats. */
function ScheduleFields({
  id,
  values,
  errors,
  set,
  setStart,
}: FieldsProps & { readonly setStart: (time: string) => void }) {
  const { t } = useTranslation('events');
  return (
    <>
      <FormField id={`${id}-dayOfWeek`} label={t('form.day')} error={errors.dayOfWeek}>
        {(control) => (
          <select
            {...control}
            className={inputClassName}
            value={values.dayOfWeek}
            onChange={(e) => {
              const day = WEEKDAY_NAMES.find((name) => name === e.target.value);
              if (day) set('dayOfWeek', day);
            }}
          >
            {WEEKDAY_NAMES.map((day) => (
              <option key={day} value={day}>
                {t(`days.${day}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-time`} label={t('form.time')} error={errors.time}>
          {(control) => (
            <input
              {...control}
              type="time"
              className={inputClassName}
              value={values.time}
              required
              onChange={(e) => {
                setStart(e.target.value);
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-endTime`} label={t('form.endTime')} error={errors.endTime}>
          {(control) => (
            <input
              {...control}
              type="time"
              className={inputClassName}
              value={values.endTime}
              required
              onChange={(e) => {
                set('endTime', e.target.value);
              }}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-repeatPattern`} label={t('form.repeats')} error={errors.repeatPattern}>
        {(control) => (
          <select
            {...control}
            className={inputClassName}
            value={values.repeatPattern}
            onChange={(e) => {
              const pattern = REPEAT_PATTERNS.find((name) => name === e.target.value);
              if (pattern) set('repeatPattern', pattern);
            }}
          >
            {REPEAT_PATTERNS.map((pattern) => (
              <option key={pattern} value={pattern}>
                {t(`repeat.${pattern}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

/** A private event's invitees: a user name to add, and the people invited so far. */
function InviteFields({
  id,
  values,
  errors,
  set,
  invitee,
  inviteeError,
  onInviteeChange,
  onAdd,
}: FieldsProps & {
  readonly invitee: string;
  readonly inviteeError: string | null;
  readonly onInviteeChange: (name: string) => void;
  readonly onAdd: () => void;
}) {
  const { t } = useTranslation('events');
  return (
    <div>
      <FormField
        id={`${id}-invitee`}
        label={t('form.invite')}
        // The hint stays while an error shows: it sits above the input, so hiding it would
        // move the input under the person's finger.
        hint={t('form.inviteHint')}
        error={inviteeError ?? errors.invitedUserNames}
        // 'Add' checks the name on a button press, so the message is announced as it appears.
        announceError
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              className={inputClassName}
              value={invitee}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('form.inviteePlaceholder')}
              onChange={(e) => {
                onInviteeChange(e.target.value);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onAdd();
                }
              }}
            />
            <Button variant="secondary" className="shrink-0 px-4" onClick={onAdd}>
              <UserPlus aria-hidden="true" className="h-5 w-5" />
              {t('form.addInvite')}
            </Button>
          </div>
        )}
      </FormField>
      {/* After the field, so its error sits right under the input it is about. */}
      <InvitedList
        names={values.invitedUserNames}
        onRemove={(name) => {
          set(
            'invitedUserNames',
            values.invitedUserNames.filter((existing) => existing !== name),
          );
        }}
      />
    </div>
  );
}

/** The people invited so far, each with a button to take them off. */
function InvitedList({
  names,
  onRemove,
}: {
  readonly names: readonly string[];
  readonly onRemove: (name: string) => void;
}) {
  const { t } = useTranslation('events');
  if (names.length === 0) return null;
  return (
    <ul aria-label={t('form.invited')} className="mt-2 flex flex-wrap gap-2">
      {names.map((name) => (
        <li
          key={name}
          className="inline-flex items-center gap-0.5 rounded-full bg-violet-100 ps-3 text-base font-bold text-violet-900"
        >
          {name}
          <button
            type="button"
            aria-label={t('form.remove', { name })}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-violet-200 focus-visible:outline-3 focus-visible:outline-sky-600"
            onClick={() => {
              onRemove(name);
            }}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
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
