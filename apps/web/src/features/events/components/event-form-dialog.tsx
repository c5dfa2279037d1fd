/** The create / edit dialog around EventForm: sends the request, toasts the outcome, keeps server messages in view. */
import type { Event } from '@playspot/core';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { useCreateEvent, useUpdateEvent } from '../api/save-event.ts';
import { eventBody, initialEventValues, type EventFormValues } from '../utils/event-form-values.ts';
import { EventForm } from './event-form.tsx';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/handle-error.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

type EventFormDialogProps =
  | {
      readonly mode: 'create';
      readonly locationId: string;
      readonly locationName: string;
      readonly onClose: () => void;
    }
  | { readonly mode: 'edit'; readonly event: Event; readonly onClose: () => void };

function messageOf(error: unknown): string {
  return error instanceof ApiError ? apiErrorMessage(error) : i18n.t('events:form.saveFailed');
}

export function EventFormDialog(props: EventFormDialogProps) {
  const { t } = useTranslation('events');
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
            notifySuccess(t('form.added', { title: event.title }));
            props.onClose();
          },
        },
      );
    } else {
      update.mutate(
        { eventId: props.event.id, body },
        {
          onSuccess: () => {
            notifySuccess(t('form.updated'));
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
      title={props.mode === 'create' ? t('form.addTitle') : t('form.editTitle')}
      description={
        props.mode === 'create'
          ? t('form.addDescription', { place: props.locationName })
          : t('form.editDescription', { title: props.event.title })
      }
    >
      <EventForm
        initial={initial}
        submitLabel={props.mode === 'create' ? t('place.add') : t('form.save')}
        pending={mutation.isPending}
        serverError={mutation.isError ? messageOf(mutation.error) : null}
        onSubmit={submit}
        onCancel={props.onClose}
      />
    </AppDialog>
  );
}
