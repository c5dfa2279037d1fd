/**
 * "Facilities" in the filters (issue 18): fenced, toilets, shade, baby swing, wheelchair
 * access as on/off chips (native checkboxes drawn as pills of at least 44 px). Each one on
 * counts as one filter; a place must have all of those on.
 */
import { FACT_FILTERS, normalizeFactFilters, TOILETS_NEARBY_M, type FactFilter } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { IconChip } from './icon-chip.tsx';
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
        {FACT_FILTERS.map((filter) => (
          <IconChip
            key={filter}
            icon={FACT_FILTER_ICONS[filter]}
            label={t(`common:facts.filters.${filter}`)}
            checked={value.includes(filter)}
            onChange={(on) => {
              toggle(filter, on);
            }}
            describedBy={filter === 'toilets' ? TOILETS_HINT_ID : undefined}
          />
        ))}
      </div>
      <p id={TOILETS_HINT_ID} className="mt-2 text-sm text-gray-700">
        {t('toiletsHint', { metres: TOILETS_NEARBY_M })}
      </p>
    </fieldset>
  );
}
