/** An on/off filter as a native checkbox drawn as a switch, with its label and a hint. */
import type { ReactNode } from 'react';

interface ToggleRowProps {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly icon: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

export function ToggleRow({ id, label, hint, icon, checked, onChange }: ToggleRowProps) {
  return (
    <label htmlFor={id} className="flex min-h-14 cursor-pointer items-center gap-3 py-2">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-sun-50 text-sun-700"
      >
        {icon}
      </span>
      <span className="flex-1">
        <span className="block text-base font-bold text-ink">{label}</span>
        <span id={`${id}-hint`} className="block text-sm text-gray-600">
          {hint}
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-7 w-12 shrink-0 rounded-full bg-gray-300 transition-colors duration-150 peer-checked:bg-park-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 after:absolute after:top-1 after:start-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform after:duration-150 peer-checked:after:translate-x-5"
      />
    </label>
  );
}
