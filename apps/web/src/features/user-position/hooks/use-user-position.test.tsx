import { GEOLOCATION_OPTIONS, STORAGE_KEYS, USER_MESSAGES } from '@playspot/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleError } from '../../../lib/handle-error.ts';
import { installFakeGeolocation, type FakeGeolocation } from '../../../test/fake-geolocation.ts';
import { resetUserPositionStore } from '../user-position-store.ts';
import { useUserPosition } from './use-user-position.ts';

vi.mock('../../../lib/handle-error.ts', () => ({ handleError: vi.fn(), notifySuccess: vi.fn() }));

const shownMessages = () => vi.mocked(handleError).mock.calls.map((call) => call[1]);
const deniedFlag = () => window.localStorage.getItem(STORAGE_KEYS.locationPermissionDenied);

let geo: FakeGeolocation | null = null;

beforeEach(() => {
  vi.mocked(handleError).mockClear();
});

afterEach(() => {
  geo?.remove();
  geo = null;
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('useUserPosition', () => {
  it('waits while disabled (the terms dialog is open)', () => {
    geo = installFakeGeolocation('prompt');
    const { result } = renderHook(() => useUserPosition(false));
    expect(geo.query).not.toHaveBeenCalled();
    expect(result.current.permissionDialogOpen).toBe(false);
  });

  it('opens the dialog when permission is undecided', async () => {
    geo = installFakeGeolocation('prompt');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.permissionDialogOpen).toBe(true);
    });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('Continue saves the flag, then fetches the position with high accuracy, 5000 ms, maximumAge 0', async () => {
    geo = installFakeGeolocation('prompt');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.permissionDialogOpen).toBe(true);
    });
    act(() => {
      result.current.continueFromDialog();
    });
    expect(deniedFlag()).toBe('true');
    expect(result.current.permissionDialogOpen).toBe(false);
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 5000,
      maximumAge: 0,
    });
    expect(geo.getCurrentPosition.mock.calls[0]?.[2]).toEqual(GEOLOCATION_OPTIONS);
    act(() => {
      geo?.succeed(-36.85, 174.76);
    });
    await waitFor(() => {
      expect(result.current.position).toMatchObject({
        lat: -36.85,
        lng: 174.76,
        source: 'device',
        accuracyM: 12,
      });
    });
    expect(result.current.status).toBe('located');
  });

  it('backdrop dismissal saves the flag and asks nothing', async () => {
    geo = installFakeGeolocation('prompt');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.permissionDialogOpen).toBe(true);
    });
    act(() => {
      result.current.dismissDialog();
    });
    expect(deniedFlag()).toBe('true');
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('once the flag is set, location is not requested automatically again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    geo = installFakeGeolocation('prompt');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.status).toBe('idle');
    });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    expect(result.current.permissionDialogOpen).toBe(false);
    // …but 'Locate me' still asks when the person wants to.
    act(() => {
      result.current.locateMe();
    });
    expect(geo.getCurrentPosition).toHaveBeenCalledOnce();
  });

  it('reads the position when the browser already allows it, even with the flag set (no request)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    geo = installFakeGeolocation('granted');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(geo?.getCurrentPosition).toHaveBeenCalledOnce();
    });
    act(() => {
      geo?.succeed(53.8655, 10.6866, 18);
    });
    await waitFor(() => {
      expect(result.current.position).toMatchObject({ lat: 53.8655, lng: 10.6866, source: 'device' });
    });
    expect(result.current.permissionDialogOpen).toBe(false);
    expect(shownMessages()).toEqual([]);
  });

  it('remembers the last position on the device and starts from it on the next visit', async () => {
    geo = installFakeGeolocation('granted');
    const first = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(geo?.getCurrentPosition).toHaveBeenCalledOnce();
    });
    act(() => {
      geo?.succeed(53.8655, 10.6866, 18);
    });
    await waitFor(() => {
      expect(first.result.current.status).toBe('located');
    });
    first.unmount();
    // A new page load: permission since withdrawn in the browser, the flag set.
    resetUserPositionStore();
    geo.remove();
    geo = installFakeGeolocation('prompt');
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    const { result } = renderHook(() => useUserPosition(true));
    expect(result.current.position).toMatchObject({
      lat: 53.8655,
      lng: 10.6866,
      source: 'device',
      accuracyM: 18,
    });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('ignores a remembered position that does not parse', () => {
    window.localStorage.setItem(STORAGE_KEYS.lastKnownPosition, '{"lat":999}');
    resetUserPositionStore();
    const { result } = renderHook(() => useUserPosition(false));
    expect(result.current.position).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.lastKnownPosition, 'not json');
    resetUserPositionStore();
    expect(renderHook(() => useUserPosition(false)).result.current.position).toBeNull();
  });

  it('a page opened from a shared link never opens the dialog; the map later does', async () => {
    geo = installFakeGeolocation('prompt');
    const place = renderHook(() => useUserPosition(true, { askWhenUndecided: false }));
    await waitFor(() => {
      expect(place.result.current.status).toBe('idle');
    });
    expect(place.result.current.permissionDialogOpen).toBe(false);
    expect(deniedFlag()).toBeNull();
    const map = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(map.result.current.permissionDialogOpen).toBe(true);
    });
    expect(geo.query).toHaveBeenCalledOnce();
  });

  it('fetches the position straight away when permission is already granted', async () => {
    geo = installFakeGeolocation('granted');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(geo?.getCurrentPosition).toHaveBeenCalledOnce();
    });
    expect(result.current.permissionDialogOpen).toBe(false);
  });

  it('a browser that already denied saves the flag and shows the browser message', async () => {
    geo = installFakeGeolocation('denied');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.status).toBe('denied');
    });
    expect(deniedFlag()).toBe('true');
    expect(shownMessages()).toEqual([USER_MESSAGES.locationPermissionDeniedBrowser]);
  });

  it.each([
    [1, USER_MESSAGES.locationPermissionDeniedBrowser, 'denied'],
    [2, USER_MESSAGES.locationServicesError, 'unavailable'],
    [3, USER_MESSAGES.locationServicesError, 'unavailable'],
  ] as const)('position error code %i shows "%s"', async (code, message, status) => {
    geo = installFakeGeolocation('granted');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(geo?.getCurrentPosition).toHaveBeenCalled();
    });
    act(() => {
      geo?.fail(code);
    });
    await waitFor(() => {
      expect(result.current.status).toBe(status);
    });
    expect(shownMessages()).toEqual([message]);
    expect(deniedFlag()).toBe(code === 1 ? 'true' : null);
  });

  it('in the native app a denial shows the device-settings message', async () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    geo = installFakeGeolocation('granted');
    renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(geo?.getCurrentPosition).toHaveBeenCalled();
    });
    act(() => {
      geo?.fail(1);
    });
    await waitFor(() => {
      expect(shownMessages()).toEqual([USER_MESSAGES.locationPermissionDeniedNative]);
    });
  });

  it('a failed permission check shows its message and still lets the person choose', async () => {
    geo = installFakeGeolocation(new Error('permissions broke'));
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.permissionDialogOpen).toBe(true);
    });
    expect(shownMessages()).toEqual([USER_MESSAGES.locationPermissionCheckError]);
  });

  it('without geolocation: "Geolocation not supported" is logged, the access message shown', async () => {
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.status).toBe('unavailable');
    });
    const [error, message] = vi.mocked(handleError).mock.calls[0] ?? [];
    expect((error as Error).message).toBe('Geolocation not supported');
    expect(message).toBe(USER_MESSAGES.locationAccessError);
  });

  it('"Locate me" without geolocation fails with the access message', async () => {
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    const { result } = renderHook(() => useUserPosition(true));
    act(() => {
      result.current.locateMe();
    });
    await waitFor(() => {
      expect(shownMessages()).toEqual([USER_MESSAGES.locationAccessError]);
    });
  });

  it('a denial drops a remembered device reading: nothing is measured from where the person was', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.lastKnownPosition,
      JSON.stringify({
        lat: 53.8655,
        lng: 10.6866,
        source: 'device',
        accuracyM: 15,
        readAt: '2026-05-01T10:00:00Z',
      }),
    );
    resetUserPositionStore();
    geo = installFakeGeolocation('denied');
    const { result } = renderHook(() => useUserPosition(true));
    expect(result.current.position).toMatchObject({ source: 'device' });
    await waitFor(() => {
      expect(result.current.status).toBe('denied');
    });
    expect(result.current.position).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.lastKnownPosition)).toBeNull();
  });

  it('a denial keeps a spot set by hand (it needs no permission)', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.lastKnownPosition,
      JSON.stringify({
        lat: 53.87,
        lng: 10.69,
        source: 'manual',
        accuracyM: null,
        readAt: '2026-05-01T10:00:00Z',
      }),
    );
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    resetUserPositionStore();
    geo = installFakeGeolocation('denied');
    const { result } = renderHook(() => useUserPosition(true));
    await waitFor(() => {
      expect(result.current.status).toBe('denied');
    });
    expect(result.current.position).toMatchObject({ lat: 53.87, lng: 10.69, source: 'manual' });
    expect(window.localStorage.getItem(STORAGE_KEYS.lastKnownPosition)).not.toBeNull();
  });

  it('a location set by hand is marked manual', () => {
    window.localStorage.setItem(STORAGE_KEYS.locationPermissionDenied, 'true');
    const { result } = renderHook(() => useUserPosition(true));
    act(() => {
      result.current.setManualPosition({ lat: -36.9, lng: 174.8 });
    });
    expect(result.current.position).toMatchObject({
      lat: -36.9,
      lng: 174.8,
      source: 'manual',
      accuracyM: null,
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.lastKnownPosition) ?? '{}')).toMatchObject({
      source: 'manual',
    });
  });
});
