/** Loading and error states of the deal lists. */
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export function DealsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the deals"
      className="grid gap-4 motion-safe:animate-pulse sm:grid-cols-2 lg:grid-cols-3"
    >
      {[0, 1, 2].map((card) => (
        <div key={card} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
          <div className="aspect-[16/9] bg-sun-100" />
          <div className="space-y-2 p-5">
            <div className="h-5 w-2/3 rounded-full bg-gray-200" />
            <div className="h-4 w-1/3 rounded-full bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function DealsError({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <div className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
      <p>The deals did not load. Check your connection and try again.</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="h-5 w-5" />
        Try again
      </Button>
    </div>
  );
}
