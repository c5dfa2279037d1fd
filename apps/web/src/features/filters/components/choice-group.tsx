/**
 * A row of pill-shaped radio buttons: native radios (arrow keys, one tab stop, announced
 * as a group by its legend) styled as pills of at least 44 px.
 */
import type { Choice } from '../filter-options.ts';

interface ChoiceGroupProps<T> {
  readonly name: string;
  readonly legend: string;
  readonly choices: readonly Choice<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}

export function ChoiceGroup<T>({ name, legend, choices, value, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="mt-5">
      <legend className="mb-2 font-display text-lg font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice, index) => (
          <label key={choice.label} className="relative">
            <input
              type="radio"
              name={name}
              value={index}
              checked={Object.is(choice.value, value)}
              onChange={() => {
                onChange(choice.value);
              }}
              className="peer absolute inset-0 cursor-pointer opacity-0"
            />
            <span className="inline-flex min-h-11 cursor-pointer items-center rounded-full bg-gray-100 px-4 text-base font-semibold text-gray-800 ring-1 ring-gray-200 transition-colors duration-150 peer-checked:bg-park-800 peer-checked:text-white peer-checked:ring-park-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:bg-gray-200 peer-checked:hover:bg-park-700">
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
