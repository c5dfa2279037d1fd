/**
 * The map's filters (spec §3, §5, §9): restored from device storage on load with the radius
 * reset to unlimited (core restoreFilters), saved on every change without the radius (core
 * filtersForStorage) under 'locationFilters'.
 */
import { filtersForStorage, restoreFilters, STORAGE_KEYS, type PlaceFilters } from '@playspot/core';
import { useCallback, useState } from 'react';
import { readStoredText, writeStoredText } from '../../../platform/storage.ts';

export function loadStoredFilters(): PlaceFilters {
  return restoreFilters(readStoredText(STORAGE_KEYS.locationFilters));
}

export function saveFilters(filters: PlaceFilters): void {
  writeStoredText(STORAGE_KEYS.locationFilters, JSON.stringify(filtersForStorage(filters)));
}

export function usePlaceFilters(): readonly [PlaceFilters, (next: PlaceFilters) => void] {
  const [filters, setFilters] = useState(loadStoredFilters);
  const update = useCallback((next: PlaceFilters) => {
    saveFilters(next);
    setFilters(next);
  }, []);
  return [filters, update] as const;
}
