/** A list of event cards with the creator's edit and delete dialogs. */
import type { Event } from '@playspot/core';
import { useState } from 'react';
import { DeleteEventDialog } from './delete-event-dialog.tsx';
import { EventCard } from './event-card.tsx';
import { EventFormDialogOnDemand } from './event-form-dialog-on-demand.tsx';

interface EventListProps {
  readonly events: readonly (Event & { readonly distanceKm?: number })[];
  readonly now: Date;
  readonly showPlace: boolean;
  readonly label: string;
}

export function EventList({ events, now, showPlace, label }: EventListProps) {
  const [editing, setEditing] = useState<Event | null>(null);
  const [deleting, setDeleting] = useState<Event | null>(null);
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard
              event={event}
              now={now}
              showPlace={showPlace}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          </li>
        ))}
      </ul>
      {editing && (
        <EventFormDialogOnDemand
          mode="edit"
          event={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteEventDialog
          event={deleting}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}
