/** The moderator's optional note that goes with a decision into the audit log. */
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
        className="mt-1.5 block min-h-20 w-full rounded-2xl border border-gray-300 px-4 py-2.5 text-base focus:border-sky-600 focus:outline-3 focus:outline-sky-600/30"
      />
    </>
  );
}
