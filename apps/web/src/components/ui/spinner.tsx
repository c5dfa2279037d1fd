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
