import { DEFAULT_MAP_CENTER, MAP_FOCUS_ZOOM, STORAGE_KEYS } from '@playspot/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserPosition } from '../../features/user-position/user-position.ts';
import { useMapTarget } from './use-map-target.ts';

const LUEBECK: UserPosition = {
  lat: 53.8655,
  lng: 10.6866,
  source: 'device',
  accuracyM: 15,
  readAt: '2026-05-04T10:00:00.000Z',
};

afterEach(() => {
  window.localStorage.clear();
});

describe('useMapTarget', () => {
  it('the issue: a view of the default city left on the device does not beat the person', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.lastMapView,
      JSON.stringify({ lat: DEFAULT_MAP_CENTER.lat, lng: DEFAULT_MAP_CENTER.lng, zoom: 13 }),
    );
    const { result } = renderHook(() => useMapTarget(null, LUEBECK));
    expect(result.current.target).toEqual({
      center: { lat: LUEBECK.lat, lng: LUEBECK.lng },
      zoom: MAP_FOCUS_ZOOM,
      source: 'device',
      recentreRequests: 0,
    });
  });

  it('opens where the map was left until the person is known, then looks at them', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.lastMapView,
      JSON.stringify({ lat: 48.14, lng: 11.58, zoom: 11 }),
    );
    const { result, rerender } = renderHook(({ position }) => useMapTarget(null, position), {
      initialProps: { position: null as UserPosition | null },
    });
    expect(result.current.target).toMatchObject({
      center: { lat: 48.14, lng: 11.58 },
      source: 'remembered-view',
    });
    rerender({ position: LUEBECK });
    expect(result.current.target).toMatchObject({
      center: { lat: LUEBECK.lat, lng: LUEBECK.lng },
      source: 'device',
    });
  });

  it('keeps the same target while nothing changes, and each recentre is a new request', () => {
    const { result, rerender } = renderHook(() => useMapTarget({ lat: 52.52, lng: 13.405 }, { ...LUEBECK }));
    const first = result.current.target;
    rerender();
    expect(result.current.target).toBe(first);
    expect(first.source).toBe('link');
    act(() => {
      result.current.recentre();
    });
    expect(result.current.target).toMatchObject({ center: first.center, recentreRequests: 1 });
  });
});
