/** Asks before an event is deleted: it disappears for everyone who could see it. */
import type { Event } from '@playspot/core';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
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
    <AppDialog
      open
      onDismiss={onClose}
      title="Delete this event?"
      description={`“${event.title}” will disappear for everyone who could see it. This cannot be undone.`}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="quiet" onClick={onClose}>
          Keep it
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => {
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
        >
          {remove.isPending ? 'Deleting…' : 'Delete event'}
        </Button>
      </div>
    </AppDialog>
  );
}
