/**
 * "Facilities" in the filters (issue 18): fenced, toilets, shade, baby swing, wheelchair
 * access as on/off chips (native checkboxes drawn as pills of at least 44 px). Each one on
 * counts as one filter; a place must have all of those on.
 */
import { FACT_FILTERS, normalizeFactFilters, TOILETS_NEARBY_M, type FactFilter } from '@playspot/core';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FACT_FILTER_ICONS } from '../../../components/fact-filter-icons.ts';

interface FactFilterChipsProps {
  readonly value: readonly FactFilter[] | undefined;
  /** The chosen filters in FACT_FILTERS order; undefined when none. */
  readonly onChange: (has: FactFilter[] | undefined) => void;
}

const TOILETS_HINT_ID = 'fact-filter-toilets-hint';

export function FactFilterChips({ value = [], onChange }: FactFilterChipsProps) {
  const { t } = useTranslation(['filters', 'common']);
  const toggle = (filter: FactFilter, on: boolean) => {
    const next = normalizeFactFilters(on ? [...value, filter] : value.filter((item) => item !== filter));
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <fieldset className="mt-5">
      <legend className="mb-2 font-display text-lg font-medium text-ink">{t('common:facts.label')}</legend>
      <div className="flex flex-wrap gap-2">
        {FACT_FILTERS.map((filter) => {
          const Icon = FACT_FILTER_ICONS[filter];
          const checked = value.includes(filter);
          return (
            <label key={filter} className="relative">
              <input
                type="checkbox"
                checked={checked}
                aria-describedby={filter === 'toilets' ? TOILETS_HINT_ID : undefined}
                onChange={(event) => {
                  toggle(filter, event.target.checked);
                }}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <span className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full bg-gray-100 px-4 text-base font-semibold text-gray-800 ring-1 ring-gray-200 transition-colors duration-150 peer-checked:bg-park-800 peer-checked:text-white peer-checked:ring-park-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:bg-gray-200 peer-checked:hover:bg-park-700">
                {checked ? (
                  <Check aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Icon aria-hidden="true" className="h-4 w-4 text-park-700" />
                )}
                {t(`common:facts.filters.${filter}`)}
              </span>
            </label>
          );
        })}
      </div>
      <p id={TOILETS_HINT_ID} className="mt-2 text-sm text-gray-700">
        {t('toiletsHint', { metres: TOILETS_NEARBY_M })}
      </p>
    </fieldset>
  );
}
