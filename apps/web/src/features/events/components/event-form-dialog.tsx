/** The create / edit dialog around EventForm: sends the request, toasts the outcome, keeps server messages in view. */
import type { Event } from '@playspot/core';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { useCreateEvent, useUpdateEvent } from '../api/save-event.ts';
import { eventBody, initialEventValues, type EventFormValues } from '../utils/event-form-values.ts';
import { EventForm } from './event-form.tsx';

type EventFormDialogProps =
  | {
      readonly mode: 'create';
      readonly locationId: string;
      readonly locationName: string;
      readonly onClose: () => void;
    }
  | { readonly mode: 'edit'; readonly event: Event; readonly onClose: () => void };

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Saving did not work. Please try again in a moment.';
}

export function EventFormDialog(props: EventFormDialogProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [initial] = useState(() =>
    initialEventValues(props.mode === 'edit' ? props.event : null, new Date()),
  );
  const mutation = props.mode === 'create' ? create : update;

  const submit = (values: EventFormValues) => {
    const body = eventBody(values);
    if (props.mode === 'create') {
      create.mutate(
        { ...body, locationId: props.locationId },
        {
          onSuccess: (event) => {
            notifySuccess(`“${event.title}” is on the calendar.`);
            props.onClose();
          },
        },
      );
    } else {
      update.mutate(
        { eventId: props.event.id, body },
        {
          onSuccess: () => {
            notifySuccess('Event updated.');
            props.onClose();
          },
        },
      );
    }
  };

  return (
    <AppDialog
      open
      onDismiss={props.onClose}
      title={props.mode === 'create' ? 'Add an event' : 'Edit the event'}
      description={
        props.mode === 'create'
          ? `A regular meetup, class or story time at ${props.locationName}.`
          : `Changes show for everyone who can see “${props.event.title}”.`
      }
    >
      <EventForm
        initial={initial}
        submitLabel={props.mode === 'create' ? 'Add event' : 'Save changes'}
        pending={mutation.isPending}
        serverError={mutation.isError ? messageOf(mutation.error) : null}
        onSubmit={submit}
        onCancel={props.onClose}
      />
    </AppDialog>
  );
}
