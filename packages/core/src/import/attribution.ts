/**
 * Credit for imported data. OpenStreetMap's licence (ODbL 1.0) asks that every place showing
 * its data credits "© OpenStreetMap contributors"; other open datasets are credited by name.
 */

/** The `source` of places imported from OpenStreetMap. */
export const OSM_SOURCE = 'osm';
export const OSM_LICENCE = 'ODbL-1.0';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

/** The `source` of the sample places a fresh installation starts with. */
export const DEMO_SOURCE = 'demo';
export const DEMO_ATTRIBUTION = 'Demo data: a sample place to try PlaySpot, not a survey';

/**
 * The credit line for a place's data: null for places people added (no source),
 * '© OpenStreetMap contributors' for OSM, a demo note for demo places, else 'Data: <source>' with its licence when known.
 */
export function attributionFor(source: string | null, licence: string | null): string | null {
  if (source === null || source === '') return null;
  if (source === OSM_SOURCE) return OSM_ATTRIBUTION;
  if (source === DEMO_SOURCE) return DEMO_ATTRIBUTION;
  return licence ? `Data: ${source} (${licence})` : `Data: ${source}`;
}
