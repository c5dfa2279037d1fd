/**
 * One record of an import file → a place to store, a skip (private playground, bare vertex)
 * or a bad record with its id and reason. Reads Overpass API elements (nodes; ways and
 * relations with `center`, `bounds` or `geometry`) and GeoJSON features (points, lines,
 * polygons → centroid), both OSM-derived (ids like 'way/123') and other open datasets.
 */
import { readFlatRecord } from './flat-records.ts';
import { readGeoJsonFeature } from './geojson-records.ts';
import { readOverpassElement } from './overpass-records.ts';
import {
  isObject,
  type Dataset,
  type ImportFormat,
  type RecordMapping,
  type RecordOutcome,
} from './record-shapes.ts';

export {
  type ImportedPlace,
  type ImportedAmenity,
  type RecordOutcome,
  type Dataset,
  type ImportFormat,
  type RecordMapping,
} from './record-shapes.ts';
export { readOverpassElement } from './overpass-records.ts';
export { geometryPoint, tagsFromEquipmentText, datasetKey, readGeoJsonFeature } from './geojson-records.ts';
export { readFlatRecord } from './flat-records.ts';
export { equipmentScanOf, type EquipmentScan } from './equipment-scan.ts';

/**
 * One record of a file whose format may be unknown: GeoJSON features have type 'Feature',
 * Overpass elements type node/way/relation; flat records need their mapping.
 */
export function readImportRecord(
  raw: unknown,
  index: number,
  options: { format?: ImportFormat | undefined; dataset: Dataset; mapping?: RecordMapping | undefined },
): RecordOutcome {
  const format = options.format ?? (isObject(raw) && raw.type === 'Feature' ? 'geojson' : 'osm');
  if (format === 'records') {
    if (!options.mapping) throw new Error('flat records need a mapping (which fields hold lat, lng, name)');
    return readFlatRecord(raw, index, options.mapping, options.dataset);
  }
  return format === 'geojson'
    ? readGeoJsonFeature(raw, index, options.dataset)
    : readOverpassElement(raw, index);
}
