/**
 * The one form field of the app: a label, an optional hint, the control, and its error right
 * beneath it. The hint and the error take their ids from the control's (`<id>-hint`,
 * `<id>-error`), and the control gets aria-describedby naming the ones shown and
 * aria-invalid while it has an error, so a screen reader reads them with it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The look of every text input, textarea and select. */
export const inputClassName =
  'block w-full rounded-2xl border border-gray-300 bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-sky-600 focus:outline-3 focus:outline-offset-0 focus:outline-sky-600/30 aria-invalid:border-red-700';

/** The ids of a field's hint and error, made from its control's id. */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/** aria-describedby of a control: its hint and its error, when shown. */
function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = fieldIds(id);
  const parts = [hint ? ids.hint : null, error ? ids.error : null].filter((part) => part !== null);
  return parts.length === 0 ? undefined : parts.join(' ');
}

/** What a control spreads to join its field. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

interface FieldParts {
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  /** Adds a quiet 'optional' after the label. */
  readonly optional?: boolean;
  /** The error is announced as it appears (role="alert"): for a check that runs on a button press, not on submit. */
  readonly announceError?: boolean;
}

function FieldLabelText({ label, optional }: { readonly label: ReactNode; readonly optional: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {label}
      {/* A widened space rather than a margin: when a long label wraps before 'optional', the
          space stays at the end of the line instead of indenting the next one. */}
      {optional && (
        <span className="text-sm font-normal text-gray-600 [word-spacing:0.25rem]">{` ${t('optional')}`}</span>
      )}
    </>
  );
}

function FieldHint({ id, hint }: { readonly id: string; readonly hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={fieldIds(id).hint} className="mt-1 text-sm text-gray-700">
      {hint}
    </p>
  );
}

function FieldError({
  id,
  error,
  announce = false,
}: {
  readonly id: string;
  readonly error: string | undefined;
  readonly announce?: boolean;
}) {
  if (!error) return null;
  return (
    <p
      id={fieldIds(id).error}
      role={announce ? 'alert' : undefined}
      className="mt-1.5 text-sm font-bold text-red-800"
    >
      {error}
    </p>
  );
}

const labelClassName = 'block text-base font-bold text-ink';

interface FormFieldProps extends FieldParts {
  /** The control's id; the label points at it. */
  readonly id: string;
  /** Renders the control (and anything beside it), spreading `control` on the control. */
  readonly children: (control: FieldControlProps) => ReactNode;
}

/** A single control (input, textarea, select) with its label, hint and error. */
export function FormField({
  id,
  label,
  hint,
  error,
  optional = false,
  announceError = false,
  children,
}: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        <FieldLabelText label={label} optional={optional} />
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="mt-1.5">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(id, hint, error),
        })}
      </div>
      <FieldError id={id} error={error} announce={announceError} />
    </div>
  );
}

interface FieldGroupProps extends FieldParts {
  /** The group's id (focusable, so a failed check can move there); hint and error build on it. */
  readonly id: string;
  readonly children: ReactNode;
}

/** A group of buttons, pills or checkboxes: a fieldset whose legend names them. */
export function FieldGroup({
  id,
  label,
  hint,
  error,
  optional = false,
  announceError = false,
  children,
}: FieldGroupProps) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(id, hint, error)}
      className="focus:outline-none"
    >
      <legend className={labelClassName}>
        <FieldLabelText label={label} optional={optional} />
      </legend>
      <FieldHint id={id} hint={hint} />
      <div className="mt-1.5">{children}</div>
      <FieldError id={id} error={error} announce={announceError} />
    </fieldset>
  );
}

/** What went wrong with the form as a whole (the server's answer), announced as it appears. */
export function FormError({ message }: { readonly message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-base font-bold text-red-900">
      {message}
    </p>
  );
}
