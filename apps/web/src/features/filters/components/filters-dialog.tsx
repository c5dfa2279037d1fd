/**
 * The filters (spec §3, §5): age, indoor/outdoor, free/paid, facilities (issue 18: fenced,
 * toilets…), play equipment (issue 33: swing, slide…), new in the last 14 days, popular, and how far. Changes apply at once, so the map and list answer while the
 * dialog is still open on a desktop: the sheet at once, the map and list as a transition.
 */
import { activeFilterCount, RECENT_HOURS, UNLIMITED_RADIUS, type PlaceFilters } from '@playspot/core';
import { Clock, Flame, Sparkles } from 'lucide-react';
import { startTransition, useOptimistic } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { ageChoices, indoorChoices, priceChoices, radiusChoices } from '../filter-options.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { EquipmentFilterChips } from './equipment-filter-chips.tsx';
import { FactFilterChips } from './fact-filter-chips.tsx';
import { ToggleRow } from './toggle-row.tsx';

interface FiltersDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly filters: PlaceFilters;
  readonly onChange: (filters: PlaceFilters) => void;
}

const RECENT_DAYS = RECENT_HOURS / 24;

export function FiltersDialog({ open, onClose, filters: applied, onChange }: FiltersDialogProps) {
  const { t, i18n } = useTranslation(['filters', 'common']);
  // The sheet shows a change in the tap's own frame; the map and the list, far more to
  // redraw, follow as a transition (issue 42: a chip answered in 360 ms at a 4x slower CPU).
  const [filters, showFilters] = useOptimistic(applied);
  const set = (patch: Partial<PlaceFilters>) => {
    const next = { ...filters, ...patch };
    startTransition(() => {
      showFilters(next);
      onChange(next);
    });
  };
  const active = activeFilterCount(filters);
  const hasRadius = filters.radiusKm !== UNLIMITED_RADIUS;

  return (
    <AppDialog open={open} onDismiss={onClose} title={t('title')} testId="filters-dialog">
      <ChoiceGroup
        name="ageRange"
        legend={t('age')}
        choices={ageChoices(t)}
        value={filters.ageRange ?? ''}
        onChange={(ageRange) => {
          set({ ageRange });
        }}
      />
      <ChoiceGroup
        name="indoor"
        legend={t('indoorOrOutdoor')}
        choices={indoorChoices(t)}
        value={filters.indoor}
        onChange={(indoor) => {
          set({ indoor });
        }}
      />
      <ChoiceGroup
        name="free"
        legend={t('price')}
        choices={priceChoices(t)}
        value={filters.free}
        onChange={(free) => {
          set({ free });
        }}
      />
      <FactFilterChips
        value={filters.has}
        onChange={(has) => {
          set({ has });
        }}
      />
      <EquipmentFilterChips
        value={filters.equipment}
        onChange={(equipment) => {
          set({ equipment });
        }}
      />
      <ChoiceGroup
        name="radius"
        legend={t('howFar')}
        choices={radiusChoices(t, i18n.language)}
        value={filters.radiusKm}
        onChange={(radiusKm) => {
          set({ radiusKm });
        }}
      />
      <div className="mt-5 divide-y divide-gray-100">
        <ToggleRow
          id="filter-recently-added"
          label={t('recent')}
          hint={t('recentHint', { count: RECENT_DAYS })}
          icon={<Sparkles className="h-5 w-5" />}
          checked={filters.recentlyAdded === true}
          onChange={(recentlyAdded) => {
            set({ recentlyAdded: recentlyAdded || undefined });
          }}
        />
        <ToggleRow
          id="filter-popular"
          label={t('popular')}
          hint={t('popularHint')}
          icon={<Flame className="h-5 w-5" />}
          checked={filters.popular === true}
          onChange={(popular) => {
            set({ popular: popular || undefined });
          }}
        />
        <ToggleRow
          id="filter-open-now"
          label={t('openNow')}
          hint={t('openNowHint')}
          icon={<Clock className="h-5 w-5" />}
          checked={filters.openNow === true}
          onChange={(openNow) => {
            set({ openNow: openNow || undefined });
          }}
        />
      </div>
      <div className="sticky -bottom-6 -mx-6 mt-6 flex gap-3 bg-white px-6 pt-3 pb-1 sm:-mx-8 sm:px-8">
        <Button
          variant="secondary"
          className="flex-1"
          disabled={active === 0 && !hasRadius}
          onClick={() => {
            onChange({ radiusKm: UNLIMITED_RADIUS });
          }}
        >
          {t('clearAll')}
        </Button>
        <Button className="flex-1" onClick={onClose}>
          {t('done')}
        </Button>
      </div>
    </AppDialog>
  );
}
