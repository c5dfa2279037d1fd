/** Which spec §8 message a person sees for each way getting their location can fail. */
import { USER_MESSAGES } from '@playspot/core';
import type { LocationErrorReason } from '../../platform/geolocation.ts';

export function messageForLocationFailure(reason: LocationErrorReason, inNativeApp: boolean): string {
  switch (reason) {
    case 'permission-denied':
      return inNativeApp
        ? USER_MESSAGES.locationPermissionDeniedNative
        : USER_MESSAGES.locationPermissionDeniedBrowser;
    // The position fetch itself failed: no fix, or none within the 5 s timeout.
    case 'position-unavailable':
    case 'timeout':
      return USER_MESSAGES.locationServicesError;
    // Asking could not even start ('Geolocation not supported', or the request threw).
    case 'unsupported':
    case 'unexpected':
      return USER_MESSAGES.locationAccessError;
  }
}
