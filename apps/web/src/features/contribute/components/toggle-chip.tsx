import type { ReactNode } from 'react';

/** A pill that toggles (tags, age ranges): aria-pressed tells screen readers its state. */
export function ToggleChip({
  pressed,
  onToggle,
  children,
}: {
  readonly pressed: boolean;
  readonly onToggle: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-base font-semibold ring-1 ring-gray-300 transition-colors duration-150 ring-inset hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 aria-pressed:bg-park-800 aria-pressed:text-white aria-pressed:ring-park-800 aria-pressed:hover:bg-park-700"
    >
      {children}
    </button>
  );
}
