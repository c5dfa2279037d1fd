/**
 * The event form's dialog, loaded when it opens: it checks its fields with core's zod
 * schema, which a place page's first load should not download (issue 28).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const EventFormDialog = lazy(async () => ({
  default: (await import('./event-form-dialog.tsx')).EventFormDialog,
}));

export function EventFormDialogOnDemand(props: ComponentProps<typeof EventFormDialog>) {
  return (
    <Suspense fallback={null}>
      <EventFormDialog {...props} />
    </Suspense>
  );
}
