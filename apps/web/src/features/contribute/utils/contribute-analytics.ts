/** The contribution events of spec §7, recorded by name through the app's analytics queue. */
import { analytics } from '../../../lib/analytics/analytics.ts';

export function trackAddPlace(locationId: string): void {
  analytics.track('add_location', { location_id: locationId });
}

export function trackEditPlace(locationId: string): void {
  analytics.track('edit_location', { location_id: locationId });
}

export function trackUploadImage(locationId: string): void {
  analytics.track('upload_image', { location_id: locationId, kind: 'location' });
}
