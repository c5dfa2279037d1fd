/** The moderator's optional note that goes with a decision into the audit log. */
import { inputClassName } from '../../../components/ui/form-field.tsx';

export function AuditNoteField({
  id,
  value,
  onChange,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (note: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="mt-4 block text-base font-bold text-ink">
        Note for the audit log (optional)
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={1000}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={`${inputClassName} mt-1.5 min-h-20`}
      />
    </>
  );
}
