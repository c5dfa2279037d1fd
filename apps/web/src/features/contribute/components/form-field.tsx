/** A labelled form field with an optional hint and its error message right beneath it. */
import type { ReactNode } from 'react';

export const inputClassName =
  'block w-full rounded-2xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-sky-600 focus:outline-3 focus:outline-offset-0 focus:outline-sky-600/30 aria-invalid:border-red-700';

export function fieldIds(name: string) {
  return { input: `field-${name}`, hint: `field-${name}-hint`, error: `field-${name}-error` };
}

/** aria-describedby for a field: its hint and its error, when shown. */
export function describedBy(name: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = fieldIds(name);
  const parts = [hint ? ids.hint : null, error ? ids.error : null].filter((id) => id !== null);
  return parts.length === 0 ? undefined : parts.join(' ');
}

export function FieldError({ name, error }: { readonly name: string; readonly error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldIds(name).error} className="mt-2 text-sm font-semibold text-red-700">
      {error}
    </p>
  );
}

interface FieldProps {
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  readonly error: string | undefined;
  readonly optional?: boolean;
  readonly children: ReactNode;
}

/** For single inputs: the label points at the input with id fieldIds(name).input. */
export function Field({ name, label, hint, error, optional = false, children }: FieldProps) {
  const ids = fieldIds(name);
  return (
    <div>
      <label htmlFor={ids.input} className="block text-base font-bold text-ink">
        {label}
        {optional && <span className="ml-2 text-sm font-normal text-gray-600">optional</span>}
      </label>
      {hint && (
        <p id={ids.hint} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <div className="mt-2">{children}</div>
      <FieldError name={name} error={error} />
    </div>
  );
}

/** For groups of buttons or checkboxes: a fieldset whose legend names them. */
export function FieldGroup({ name, label, hint, error, optional = false, children }: FieldProps) {
  const ids = fieldIds(name);
  return (
    <fieldset aria-describedby={describedBy(name, hint !== undefined, error)}>
      <legend className="block text-base font-bold text-ink">
        {label}
        {optional && <span className="ml-2 text-sm font-normal text-gray-600">optional</span>}
      </legend>
      {hint && (
        <p id={ids.hint} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <div className="mt-2">{children}</div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

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
