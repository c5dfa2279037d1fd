/**
 * Credit for imported data. OpenStreetMap's licence (ODbL 1.0) asks that every place showing
 * its data credits "© OpenStreetMap contributors"; other open datasets are credited by name.
 */

/** The `source` of locations imported from OpenStreetMap. */
export const OSM_SOURCE = 'osm';
export const OSM_LICENCE = 'ODbL-1.0';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
export const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

/**
 * The credit line for a location's data: null for places people added (no source),
 * '© OpenStreetMap contributors' for OSM, else 'Data: <source>' with its licence when known.
 */
export function attributionFor(source: string | null, licence: string | null): string | null {
  if (source === null || source === '') return null;
  if (source === OSM_SOURCE) return OSM_ATTRIBUTION;
  return licence ? `Data: ${source} (${licence})` : `Data: ${source}`;
}
