/** Opens the filters; its badge counts the active filters (spec §5, core activeFilterCount). */
import { activeFilterCount, type PlaceFilters } from '@playspot/core';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated.tsx';

interface FiltersButtonProps {
  readonly filters: PlaceFilters;
  readonly onClick: () => void;
  readonly className?: string;
}

export function FiltersButton({ filters, onClick, className = '' }: FiltersButtonProps) {
  const { t } = useTranslation();
  // Filters kept on the device show once the server's HTML (drawn without them) is hydrated.
  const hydrated = useHydrated();
  const count = hydrated ? activeFilterCount(filters) : 0;
  const label = count === 0 ? t('filtersButton.label') : t('filtersButton.active', { count });
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-haspopup="dialog"
      className={`inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-base font-bold text-ink shadow-md ring-1 ring-black/5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${className}`}
    >
      <SlidersHorizontal aria-hidden="true" className="h-5 w-5 text-sun-700" />
      {t('filtersButton.label')}
      {count > 0 && (
        <span
          data-testid="active-filter-count"
          aria-hidden="true"
          className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-sun-700 px-1.5 text-sm font-bold text-white"
        >
          {count}
        </span>
      )}
    </button>
  );
}
