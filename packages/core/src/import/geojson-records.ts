/**
 * GeoJSON features → import records (records.ts), OSM-derived or other open datasets.
 */
import type { LatLng } from '../geo.ts';
import { MAX_TAGS } from '../constants.ts';
import { normalizeTags } from '../tag-votes.ts';
import { OSM_SOURCE } from './attribution.ts';
import { lineCentre, polygonsCentroid, type Position } from './geometry.ts';
import { mapOsmTags, type MappedFields } from './osm-mapping.ts';
import { placeNameKey } from './place-merge.ts';
import {
  fromOsmTags,
  isObject,
  OSM_ID,
  positionLabel,
  stringTags,
  toPlace,
  type Dataset,
  type RecordOutcome,
} from './record-shapes.ts';

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
  );
}

function positionsOf(value: unknown): Position[] {
  return Array.isArray(value) ? value.filter(isPosition).map((p) => [p[0], p[1]] as const) : [];
}

export function ringsOf(value: unknown): Position[][] {
  return Array.isArray(value) ? value.map(positionsOf).filter((ring) => ring.length > 0) : [];
}

/** The point standing for a GeoJSON geometry, or null when it has none usable. */
export function geometryPoint(geometry: unknown): LatLng | null {
  if (!isObject(geometry)) return null;
  const { type, coordinates } = geometry;
  switch (type) {
    case 'Point':
      return isPosition(coordinates) ? { lng: coordinates[0], lat: coordinates[1] } : null;
    case 'MultiPoint':
    case 'LineString':
      return lineCentre(positionsOf(coordinates));
    case 'MultiLineString':
      return lineCentre(ringsOf(coordinates).flat());
    case 'Polygon': {
      const rings = ringsOf(coordinates);
      return rings.length > 0 ? polygonsCentroid([rings]) : null;
    }
    case 'MultiPolygon': {
      const polygons = Array.isArray(coordinates) ? coordinates.map(ringsOf).filter((p) => p.length > 0) : [];
      return polygons.length > 0 ? polygonsCentroid(polygons) : null;
    }
    case 'GeometryCollection': {
      const points = Array.isArray(geometry.geometries)
        ? geometry.geometries.map(geometryPoint).filter((p): p is LatLng => p !== null)
        : [];
      return lineCentre(points.map((p) => [p.lng, p.lat]));
    }
    default:
      return null;
  }
}

/** Properties that name a place in non-OSM datasets, in order of preference. */
const NAME_PROPERTIES = ['name', 'Name', 'NAME', 'title', 'place', 'bezeichnung', 'Bezeichnung'];
/** Properties listing equipment as free text ('Schaukel, Sandkasten , Seilbahn'). */
const EQUIPMENT_PROPERTIES = ['details', 'equipment', 'ausstattung', 'Ausstattung'];

/** Words of an equipment list (English and German, as city datasets write them) → tags. */
const EQUIPMENT_WORDS: readonly (readonly [RegExp, string])[] = [
  [/schaukel|swing/u, 'swings'],
  [/sandkasten|sandkiste|sandpit|sandbox/u, 'sandpit'],
  [/rutsche|slide/u, 'slide'],
  [/seilbahn|zip ?line|zip ?wire|flying fox/u, 'zip line'],
  [/kletter|climb/u, 'climbing'],
  [/wippe|wipper|seesaw|spring rider/u, 'seesaw'],
  [/karussell|roundabout|merry/u, 'roundabout'],
  [/überdachung|shade|shelter/u, 'shade'],
  [/wasser|water|splash/u, 'water play'],
  [/trampolin/u, 'trampoline'],
  [/basketball/u, 'basketball'],
  [/tischtennis|table tennis|ping ?pong/u, 'table tennis'],
  [/toilet/u, 'toilets'],
  [/zaun|fenced|fence/u, 'fenced'],
];

/** Tags from a free-text equipment list: each comma-separated item mapped once. */
export function tagsFromEquipmentText(text: string): string[] {
  const found: string[] = [];
  for (const item of text.toLowerCase().split(/[,;/]/u)) {
    for (const [pattern, tag] of EQUIPMENT_WORDS) if (pattern.test(item.trim())) found.push(tag);
  }
  return normalizeTags(found).tags;
}

/** A stable id for a feature without one: its name and position rounded to ~10 m. */
export function derivedFeatureId(name: string, point: LatLng | null): string {
  const where = point ? `${point.lat.toFixed(4)},${point.lng.toFixed(4)}` : 'nowhere';
  return `${placeNameKey(name).replace(/ /gu, '-') || 'unnamed'}@${where}`;
}

/** The key of a dataset in source ids: 'Stadt Flensburg' → 'stadt-flensburg'. */
export function datasetKey(source: string): string {
  return (
    source
      .normalize('NFKD')
      .toLowerCase()
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/gu, '-')
      .replace(/^-|-$/gu, '') || 'geojson'
  );
}

/**
 * One GeoJSON feature. OSM-derived features (overpass-turbo / osmtogeojson: id or '@id' like
 * 'way/123') are mapped from their OSM tags and credited to OSM; others to `dataset`.
 */
export function readGeoJsonFeature(raw: unknown, index: number, dataset: Dataset): RecordOutcome {
  if (!isObject(raw) || raw.type !== 'Feature')
    return { kind: 'invalid', id: positionLabel(index), reason: 'not a GeoJSON Feature' };
  const properties = isObject(raw.properties) ? raw.properties : {};
  const point = geometryPoint(raw.geometry);
  const osmId = [raw.id, properties['@id'], properties.id].find(
    (candidate): candidate is string => typeof candidate === 'string' && OSM_ID.test(candidate),
  );
  const tags = stringTags(properties);
  if (osmId !== undefined) {
    // '@id', '@relations' … are osmtogeojson's metadata, not OSM tags.
    const osmTags = Object.fromEntries(Object.entries(tags).filter(([key]) => !key.startsWith('@')));
    return fromOsmTags(`${OSM_SOURCE}:${osmId}`, osmTags, point);
  }
  const nameKey = NAME_PROPERTIES.find(
    (key) => typeof properties[key] === 'string' && properties[key].trim() !== '',
  );
  // Other datasets may use OSM-like keys (fee, access, min_age); their name property wins.
  const namedTags = nameKey ? { ...tags, name: tags[nameKey] ?? '' } : tags;
  const mapped = mapOsmTags(namedTags);
  const ownId = [raw.id, properties.id].find(
    (candidate): candidate is string | number =>
      typeof candidate === 'string' || typeof candidate === 'number',
  );
  const fallbackName = nameKey ? (tags[nameKey] ?? '') : '';
  const sourceId = `${datasetKey(dataset.source)}:${ownId === undefined ? derivedFeatureId(fallbackName, point) : String(ownId)}`;
  if (!mapped.ok) return { kind: 'skipped', id: sourceId, reason: mapped.reason };
  const equipmentKey = EQUIPMENT_PROPERTIES.find((key) => typeof properties[key] === 'string');
  const equipment = equipmentKey ? tagsFromEquipmentText(tags[equipmentKey] ?? '') : [];
  const fields: MappedFields = {
    ...mapped.fields,
    // Not OSM: an absent `leisure` says nothing about indoor or outdoor.
    indoor: tags.leisure === undefined && tags.indoor === undefined ? null : mapped.fields.indoor,
    tags: normalizeTags([...mapped.fields.tags, ...equipment]).tags.slice(0, MAX_TAGS),
  };
  return toPlace(sourceId, point, fields, dataset.source, dataset.licence);
}
