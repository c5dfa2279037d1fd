/** Which spec §8 message a person sees for each way getting their location can fail. */
import { i18n } from '../../lib/i18n/i18n.ts';
import type { PositionErrorReason } from '../../platform/device-position.ts';

export function messageForPositionFailure(reason: PositionErrorReason, inNativeApp: boolean): string {
  switch (reason) {
    case 'permission-denied':
      return inNativeApp
        ? i18n.t('common:location.permissionDeniedNative')
        : i18n.t('common:location.permissionDeniedBrowser');
    // The position fetch itself failed: no fix, or none within the 5 s timeout.
    case 'position-unavailable':
    case 'timeout':
      return i18n.t('common:location.servicesError');
    // Asking could not even start ('Geolocation not supported', or the request threw).
    case 'unsupported':
    case 'unexpected':
      return i18n.t('common:location.accessError');
  }
}
