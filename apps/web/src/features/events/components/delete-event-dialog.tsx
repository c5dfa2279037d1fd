/** Asks before an event is deleted: it disappears for everyone who could see it. */
import type { Event } from '@playspot/core';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useDeleteEvent } from '../api/save-event.ts';
import { useTranslation } from 'react-i18next';

export function DeleteEventDialog({
  event,
  onClose,
}: {
  readonly event: Event;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('events');
  const remove = useDeleteEvent();
  return (
    <ConfirmDeleteDialog
      title={t('delete.title')}
      description={t('delete.description', { title: event.title })}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        remove.mutate(event.id, {
          onSuccess: () => {
            notifySuccess(t('delete.done'));
            onClose();
          },
          onError: (error) => {
            handleError(error);
          },
        });
      }}
    />
  );
}
