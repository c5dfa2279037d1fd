/**
 * The filters that are on (core activeFilters), named as the filters sheet names them, for
 * the empty list (issue 45): "Sandpit and Open now". The words are the sheet's own (the
 * filters and common namespaces), so the two never say a filter differently.
 */
import { activeFilters, type ActiveFilter, type PlaceFilters } from '@playspot/core';
import type { TFunction } from 'i18next';
import { localDistance } from '../../../lib/i18n/distance.ts';

type Names = TFunction<['map', 'filters', 'common']>;

function filterName(t: Names, filter: ActiveFilter, language: string): string {
  switch (filter.kind) {
    case 'ageRange':
      return t(`common:ageRanges.${filter.value}`);
    case 'indoor':
      return filter.value ? t('filters:choices.indoor') : t('filters:choices.outdoor');
    case 'free':
      return filter.value ? t('filters:choices.free') : t('filters:choices.paid');
    case 'has':
      return t(`common:facts.filters.${filter.value}`);
    case 'equipment':
      return t(`common:equipmentKinds.${filter.value}`);
    case 'radius':
      return t('map:list.withinRadius', { radius: localDistance(filter.value, language) });
    case 'recentlyAdded':
      return t('filters:recent');
    case 'popular':
      return t('filters:popular');
    case 'openNow':
      return t('filters:openNow');
  }
}

/** "Sandpit and Open now", "Sandkasten und Jetzt geöffnet"; '' when no filter is on. */
export function filterNames(t: Names, filters: PlaceFilters, language: string): string {
  const names = activeFilters(filters).map((filter) => filterName(t, filter, language));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}
