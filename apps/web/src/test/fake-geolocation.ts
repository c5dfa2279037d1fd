/** A controllable navigator.geolocation and navigator.permissions for jsdom (which has neither). */
import { vi } from 'vitest';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

export interface FakeGeolocation {
  readonly getCurrentPosition: ReturnType<typeof vi.fn>;
  readonly query: ReturnType<typeof vi.fn>;
  /** Answers the latest position request. */
  succeed(lat: number, lng: number, accuracy?: number): void;
  fail(code: 1 | 2 | 3): void;
  remove(): void;
}

export function installFakeGeolocation(permission: PermissionState | Error = 'prompt'): FakeGeolocation {
  let pending: { success: Success; failure: Failure } | null = null;
  const getCurrentPosition = vi.fn((success: Success, failure: Failure) => {
    pending = { success, failure };
  });
  const query = vi.fn(() =>
    permission instanceof Error ? Promise.reject(permission) : Promise.resolve({ state: permission }),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: { query }, configurable: true });
  return {
    getCurrentPosition,
    query,
    succeed(lat, lng, accuracy = 12) {
      pending?.success({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition);
    },
    fail(code) {
      pending?.failure({ code, message: `failure ${code}` } as GeolocationPositionError);
    },
    remove() {
      Reflect.deleteProperty(navigator, 'geolocation');
      Reflect.deleteProperty(navigator, 'permissions');
    },
  };
}
