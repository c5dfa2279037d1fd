/** Designed states for the list (DESIGN.md): skeletons while loading, a way forward when empty or failed. */
import { CloudOff, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading play spots" className="space-y-2 p-2">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-3 p-2 motion-safe:animate-pulse">
          <div className="h-16 w-16 rounded-2xl bg-sun-100" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 rounded-full bg-gray-200" />
            <div className="h-3 w-1/3 rounded-full bg-gray-200" />
            <div className="h-5 w-1/2 rounded-full bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

function StateMessage(props: {
  readonly icon: ReactNode;
  readonly title: string;
  readonly children: ReactNode;
  readonly action?: ReactNode;
  readonly role?: 'alert' | 'status';
}) {
  return (
    <div role={props.role} className="flex flex-col items-center px-6 py-8 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-3xl bg-sun-100 text-sun-700"
      >
        {props.icon}
      </span>
      <h3 className="mt-4 font-display text-xl font-medium text-ink">{props.title}</h3>
      <p className="mt-1 max-w-xs text-base text-gray-700">{props.children}</p>
      {props.action && <div className="mt-4">{props.action}</div>}
    </div>
  );
}

export function ListError({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <StateMessage
      role="alert"
      icon={<CloudOff className="h-8 w-8" />}
      title="We couldn’t load play spots"
      action={<Button onClick={onRetry}>Try again</Button>}
    >
      Check your connection, then try again.
    </StateMessage>
  );
}

export function ListEmpty({ onClearFilters }: { readonly onClearFilters: (() => void) | null }) {
  return (
    <StateMessage
      role="status"
      icon={<SearchX className="h-8 w-8" />}
      title="No play spots here yet"
      action={
        onClearFilters && (
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        )
      }
    >
      {onClearFilters
        ? 'Nothing matches these filters. Try fewer filters or a bigger distance.'
        : 'Move the map to another area to see what other families have shared.'}
    </StateMessage>
  );
}
