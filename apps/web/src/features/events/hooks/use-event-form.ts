/**
 * The event form's values, its per-field messages and the invitee being typed: checked with
 * the same zod schema as the server, the first field in error takes the focus.
 */
import { validateUserName } from '@playspot/core';
import { useId, useState, type SubmitEvent } from 'react';
import {
  validateEvent,
  withStart,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from '../utils/event-form-values.ts';

export function useEventForm(initial: EventFormValues, onSubmit: (values: EventFormValues) => void) {
  const id = useId();
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [invitee, setInvitee] = useState('');
  const [inviteeError, setInviteeError] = useState<string | null>(null);

  const set = <K extends EventFormField>(field: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A new start moves the end along (the event keeps its length). */
  const setStart = (time: string) => {
    setValues((current) => withStart(current, time));
    setErrors((current) => ({ ...current, time: undefined, endTime: undefined }));
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

  const typeInvitee = (name: string) => {
    setInvitee(name);
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

  return { id, values, errors, set, setStart, invitee, typeInvitee, inviteeError, addInvitee, submit };
}
