/** Three radio pills for a yes/no/unknown fact (indoor, free): null means 'Not sure'. */
import { useId } from 'react';
import { FieldGroup } from '../../../components/ui/form-field.tsx';
import { useTranslation } from 'react-i18next';

interface YesNoChoiceProps {
  /** The group's id (see FieldGroup). */
  readonly id: string;
  readonly label: string;
  readonly yes: string;
  readonly no: string;
  readonly value: boolean | null;
  readonly onChange: (value: boolean | null) => void;
  readonly error: string | undefined;
}

export function YesNoChoice({ id, label, yes, no, value, onChange, error }: YesNoChoiceProps) {
  const { t } = useTranslation('contribute');
  const group = useId();
  const options: { label: string; value: boolean | null }[] = [
    { label: yes, value: true },
    { label: no, value: false },
    { label: t('form.notSure'), value: null },
  ];
  return (
    <FieldGroup id={id} label={label} error={error}>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.label}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-full px-4 text-base font-semibold ring-1 ring-gray-300 ring-inset has-checked:bg-park-800 has-checked:text-white has-checked:ring-park-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-600"
          >
            <input
              type="radio"
              name={group}
              className="sr-only"
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
