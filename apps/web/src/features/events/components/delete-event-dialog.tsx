/** Asks before an event is deleted: it disappears for everyone who could see it. */
import type { Event } from '@playspot/core';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useDeleteEvent } from '../api/save-event.ts';

export function DeleteEventDialog({
  event,
  onClose,
}: {
  readonly event: Event;
  readonly onClose: () => void;
}) {
  const remove = useDeleteEvent();
  return (
    <ConfirmDeleteDialog
      title="Delete this event?"
      description={`“${event.title}” will disappear for everyone who could see it. This cannot be undone.`}
      confirmLabel="Delete event"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        remove.mutate(event.id, {
          onSuccess: () => {
            notifySuccess('Event deleted.');
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
