/** The filter part of a places query string (spec §3 Filters); the radius travels separately. */
import { normalizeEquipmentKinds, normalizeFactFilters, type PlaceFilters } from '@playspot/core';
import type { QueryValue } from '../../../lib/api-client.ts';

export function filterQuery(filters: PlaceFilters): Record<string, QueryValue> {
  const has = normalizeFactFilters(filters.has ?? []);
  const equipment = normalizeEquipmentKinds(filters.equipment ?? []);
  return {
    ageRange: filters.ageRange,
    indoor: filters.indoor,
    free: filters.free,
    // Off is the same as absent: only send the filters that narrow the results.
    recentlyAdded: filters.recentlyAdded === true ? true : undefined,
    popular: filters.popular === true ? true : undefined,
    openNow: filters.openNow === true ? true : undefined,
    // Facts that must hold (issue 18), comma-separated in FACT_FILTERS order: `has=fenced,toilets`.
    has: has.length > 0 ? has.join(',') : undefined,
    // Play equipment that must be there (issue 33), in EQUIPMENT_KINDS order: `equipment=swing,slide`.
    equipment: equipment.length > 0 ? equipment.join(',') : undefined,
  };
}
