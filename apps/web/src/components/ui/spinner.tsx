import { LoaderCircle } from 'lucide-react';

/** A small spinning ring; the label is read by screen readers only. */
export function Spinner({
  label,
  className = 'h-5 w-5',
}: {
  readonly label: string;
  readonly className?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={`${className} animate-spin`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** While a page, or the main part of one, loads: a larger spinner in the middle of the space. */
export function PageSpinner({ label }: { readonly label: string }) {
  return (
    <div className="flex flex-1 items-center justify-center py-20 text-sun-700">
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}
