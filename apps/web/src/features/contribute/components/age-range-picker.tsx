/** Which ages the place suits: any number of the core's age ranges. */
import { AGE_RANGES, type AgeRange } from '@playspot/core';
import { Check } from 'lucide-react';
import { FieldGroup } from '../../../components/ui/form-field.tsx';
import { fieldId } from '../utils/field-id.ts';
import { ToggleChip } from './toggle-chip.tsx';
import { useTranslation } from 'react-i18next';

interface AgeRangePickerProps {
  readonly value: readonly AgeRange[];
  readonly onChange: (value: readonly AgeRange[]) => void;
  readonly error: string | undefined;
}

export function AgeRangePicker({ value, onChange, error }: AgeRangePickerProps) {
  const { t } = useTranslation('contribute');
  const { t: common } = useTranslation();
  return (
    <FieldGroup id={fieldId('ageRanges')} label={t('form.ages')} error={error} optional>
      <div className="flex flex-wrap gap-2">
        {AGE_RANGES.map((range) => {
          const pressed = value.includes(range);
          return (
            <ToggleChip
              key={range}
              pressed={pressed}
              onToggle={() => {
                onChange(pressed ? value.filter((chosen) => chosen !== range) : [...value, range]);
              }}
            >
              {pressed && <Check aria-hidden="true" className="h-4 w-4" />}
              {common(`ageRanges.${range}`)}
            </ToggleChip>
          );
        })}
      </div>
    </FieldGroup>
  );
}
