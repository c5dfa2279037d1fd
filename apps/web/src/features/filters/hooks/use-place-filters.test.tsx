import { activeFilterCount, STORAGE_KEYS } from '@playspot/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadStoredFilters, saveFilters, usePlaceFilters } from './use-place-filters.ts';

const stored = () => window.localStorage.getItem(STORAGE_KEYS.locationFilters);

describe('filters on the device', () => {
  it('are saved under locationFilters without the radius', () => {
    saveFilters({
      ageRange: '2-5',
      indoor: true,
      free: false,
      recentlyAdded: true,
      popular: true,
      radiusKm: 5,
    });
    expect(JSON.parse(stored() ?? 'null')).toEqual({
      ageRange: '2-5',
      indoor: true,
      free: false,
      recentlyAdded: true,
      popular: true,
    });
  });

  it('round-trip every filter and come back with the radius unlimited', () => {
    const filters = {
      ageRange: '5-12',
      indoor: false,
      free: true,
      recentlyAdded: true,
      radiusKm: 10,
    } as const;
    saveFilters(filters);
    expect(loadStoredFilters()).toEqual({
      ageRange: '5-12',
      indoor: false,
      free: true,
      recentlyAdded: true,
      radiusKm: null,
    });
  });

  it('start empty with nothing stored, or with something unreadable', () => {
    expect(loadStoredFilters()).toEqual({ radiusKm: null });
    window.localStorage.setItem(STORAGE_KEYS.locationFilters, '{not json');
    expect(loadStoredFilters()).toEqual({ radiusKm: null });
  });

  it('the hook restores on load, saves every change, and counts active filters for the badge', () => {
    saveFilters({ free: true, popular: true, radiusKm: null });
    const { result } = renderHook(() => usePlaceFilters());
    expect(result.current[0]).toEqual({ free: true, popular: true, radiusKm: null });
    expect(activeFilterCount(result.current[0])).toBe(2);

    act(() => {
      result.current[1]({ ...result.current[0], indoor: true, radiusKm: 2 });
    });
    expect(result.current[0].radiusKm).toBe(2);
    expect(activeFilterCount(result.current[0])).toBe(3);
    expect(JSON.parse(stored() ?? 'null')).toEqual({ free: true, popular: true, indoor: true });

    // A reload: the radius does not survive, everything else does.
    const reloaded = renderHook(() => usePlaceFilters());
    expect(reloaded.result.current[0]).toEqual({ free: true, popular: true, indoor: true, radiusKm: null });
  });
});
