/**
 * Equipment mapped apart from its playground (issue 33): what a record is to equipment
 * (records.ts).
 */
import {
  deviceKindOf,
  type Device,
  type PlaygroundOutline,
  type PlaygroundShape,
  type Ring,
} from '../equipment.ts';
import { isValidLatLng, type LatLng } from '../geo.ts';
import { OSM_SOURCE } from './attribution.ts';
import { geometryPoint, ringsOf } from './geojson-records.ts';
import { geometryPositions, overpassPoint } from './overpass-records.ts';
import {
  isObject,
  OSM_ID,
  PLAY_LEISURE,
  stringTags,
  type ImportFormat,
  type JsonObject,
} from './record-shapes.ts';

/** What a record is to equipment: a device mapped on its own, a playground, or neither. */
export type EquipmentScan =
  | { readonly kind: 'device'; readonly device: Device }
  | { readonly kind: 'playground'; readonly outline: PlaygroundOutline }
  | null;

function ringOfVertices(value: unknown): Ring {
  return geometryPositions(value);
}

function isClosed(ring: Ring): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return (
    ring.length >= 4 &&
    first !== undefined &&
    last !== undefined &&
    first[0] === last[0] &&
    first[1] === last[1]
  );
}

function overpassShape(element: JsonObject, point: LatLng): PlaygroundShape {
  const outline = ringOfVertices(element.geometry);
  if (isClosed(outline)) return { kind: 'area', polygons: [[outline]] };
  if (Array.isArray(element.members)) {
    const outers: Ring[] = [];
    for (const member of element.members)
      if (isObject(member) && member.role !== 'inner') {
        const ring = ringOfVertices(member.geometry);
        if (isClosed(ring)) outers.push(ring);
      }
    if (outers.length > 0) return { kind: 'area', polygons: outers.map((ring) => [ring]) };
  }
  // Only a centre or bounds: as good as a node.
  return { kind: 'point', at: point };
}

function geoJsonShape(geometry: unknown, point: LatLng): PlaygroundShape {
  if (isObject(geometry)) {
    if (geometry.type === 'Polygon') return { kind: 'area', polygons: [ringsOf(geometry.coordinates)] };
    if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates))
      return { kind: 'area', polygons: geometry.coordinates.map(ringsOf).filter((p) => p.length > 0) };
  }
  return { kind: 'point', at: point };
}

/**
 * A record seen for equipment: a `playground=<device>` element (a point, or an outline's
 * centre) or a playground's outline. Flat records and datasets that are not OSM have neither.
 */
export function equipmentScanOf(raw: unknown, format: ImportFormat | undefined): EquipmentScan {
  if (!isObject(raw)) return null;
  const asGeoJson = format === 'geojson' || (format === undefined && raw.type === 'Feature');
  let id: string;
  let tags: Record<string, string>;
  let point: LatLng | null;
  let shape: (at: LatLng) => PlaygroundShape;
  if (asGeoJson) {
    const properties = isObject(raw.properties) ? raw.properties : {};
    const osmId = [raw.id, properties['@id'], properties.id].find(
      (candidate): candidate is string => typeof candidate === 'string' && OSM_ID.test(candidate),
    );
    if (osmId === undefined) return null;
    id = `${OSM_SOURCE}:${osmId}`;
    tags = stringTags(properties);
    point = geometryPoint(raw.geometry);
    shape = (at) => geoJsonShape(raw.geometry, at);
  } else if (format === undefined || format === 'osm') {
    const { type } = raw;
    const osmNumber = raw.id;
    if (type !== 'node' && type !== 'way' && type !== 'relation') return null;
    if (typeof osmNumber !== 'number' && typeof osmNumber !== 'string') return null;
    id = `${OSM_SOURCE}:${type}/${String(osmNumber)}`;
    tags = stringTags(raw.tags);
    point = overpassPoint(raw);
    shape = (at) => overpassShape(raw, at);
  } else return null;
  if (point === null || !isValidLatLng(point)) return null;
  const device = deviceKindOf(tags);
  if (device !== null) return { kind: 'device', device: { id, kind: device, at: point } };
  if (tags.leisure !== undefined && PLAY_LEISURE.has(tags.leisure))
    return { kind: 'playground', outline: { id, shape: shape(point) } };
  return null;
}
