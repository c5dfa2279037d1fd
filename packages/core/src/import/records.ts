/**
 * One record of an import file → a place to store, a skip (private playground, bare vertex)
 * or a bad record with its id and reason. Reads Overpass API elements (nodes; ways and
 * relations with `center`, `bounds` or `geometry`) and GeoJSON features (points, lines,
 * polygons → centroid), both OSM-derived (ids like 'way/123') and other open datasets.
 */
import { amenityKindsFromOsm, type AmenityKind } from '../amenities.ts';
import {
  deviceKindOf,
  type Device,
  type PlaygroundOutline,
  type PlaygroundShape,
  type Ring,
} from '../equipment.ts';
import { factFromText, type FactKey } from '../facts.ts';
import { isValidLatLng, type LatLng } from '../geo.ts';
import { MAX_TAGS } from '../constants.ts';
import { normalizeTags } from '../tag-votes.ts';
import { OSM_LICENCE, OSM_SOURCE } from './attribution.ts';
import { lineCentre, polygonsCentroid, type Position } from './geometry.ts';
import { mapOsmTags, type MappedFields, type OsmTags } from './osm-mapping.ts';
import { placeNameKey } from './place-merge.ts';

export interface ImportedPlace extends MappedFields, LatLng {
  /** Stable id in its source, e.g. 'osm:node/123': a re-import updates this place. */
  sourceId: string;
  source: string;
  licence: string | null;
}

/** A public amenity near play spots (toilets, drinking water…), from OSM. */
export interface ImportedAmenity extends LatLng {
  sourceId: string;
  kinds: AmenityKind[];
  source: string;
  licence: string | null;
}

export type RecordOutcome =
  | { readonly kind: 'place'; readonly place: ImportedPlace }
  | { readonly kind: 'amenity'; readonly amenity: ImportedAmenity }
  | { readonly kind: 'skipped'; readonly id: string; readonly reason: string }
  | { readonly kind: 'invalid'; readonly id: string; readonly reason: string };

/** Where records that are not OpenStreetMap data come from (a city's open data, …). */
export interface Dataset {
  /** Shown as the credit: 'Data: <source> (<licence>)'. */
  source: string;
  licence: string | null;
}

/** 'records': flat objects (a JSON array, or CSV rows) read through a RecordMapping. */
export type ImportFormat = 'osm' | 'geojson' | 'records';

/** Which fields of a flat record hold what (a council's feed names them its own way). */
export interface RecordMapping {
  lat: string;
  lng: string;
  /** Without one, places are named by kind and street, as unnamed OSM playgrounds are. */
  name?: string | undefined;
  /** The record's stable id in its source; without one, derived from name and position. */
  id?: string | undefined;
  /** Field → tag: a yes-like value in the field ('Y', 'yes', 'true', '1') adds the tag. */
  tags?: Readonly<Record<string, string>> | undefined;
  /** Field → fact: the field's value read as the fact's (factFromText: 'Y' → yes). */
  facts?: Readonly<Record<string, FactKey>> | undefined;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const OSM_ID = /^(node|way|relation)\/(\d+)$/u;

/** 'record 12' for records without an id of their own. */
const positionLabel = (index: number): string => `record ${index + 1}`;

/** Tag values as strings; OSM's are already, so the common case returns the object itself. */
function stringTags(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  if (Object.values(value).every((tag) => typeof tag === 'string')) return value as Record<string, string>;
  const tags: Record<string, string> = {};
  for (const [key, tag] of Object.entries(value)) {
    if (typeof tag === 'string') tags[key] = tag;
    else if (typeof tag === 'number' || typeof tag === 'boolean') tags[key] = String(tag);
  }
  return tags;
}

function latLngOf(value: unknown): LatLng | null {
  if (!isObject(value)) return null;
  const { lat, lon } = value;
  return typeof lat === 'number' && typeof lon === 'number' ? { lat, lng: lon } : null;
}

function toPlace(
  sourceId: string,
  point: LatLng | null,
  fields: MappedFields,
  source: string,
  licence: string | null,
): RecordOutcome {
  if (point === null || !Number.isFinite(point.lat) || !Number.isFinite(point.lng))
    return { kind: 'invalid', id: sourceId, reason: 'no usable coordinates' };
  if (!isValidLatLng(point))
    return { kind: 'invalid', id: sourceId, reason: `coordinates out of range (${point.lat}, ${point.lng})` };
  return { kind: 'place', place: { ...fields, sourceId, source, licence, lat: point.lat, lng: point.lng } };
}

/** OSM kinds that are play spots; other features in an extract are parts or neighbours. */
const PLAY_LEISURE = new Set(['playground', 'indoor_play']);

function fromOsmTags(sourceId: string, tags: OsmTags, point: LatLng | null): RecordOutcome {
  // Member ways of a playground relation, equipment nodes, a park around it: not places.
  if (tags.leisure === undefined || !PLAY_LEISURE.has(tags.leisure)) {
    const kinds = amenityKindsFromOsm(tags);
    if (kinds.length > 0 && point !== null && isValidLatLng(point))
      return {
        kind: 'amenity',
        amenity: {
          sourceId,
          kinds,
          source: OSM_SOURCE,
          licence: OSM_LICENCE,
          lat: point.lat,
          lng: point.lng,
        },
      };
    return { kind: 'skipped', id: sourceId, reason: 'not a playground (no leisure=playground)' };
  }
  const mapped = mapOsmTags(tags);
  if (!mapped.ok) return { kind: 'skipped', id: sourceId, reason: mapped.reason };
  return toPlace(sourceId, point, mapped.fields, OSM_SOURCE, OSM_LICENCE);
}

// ---------------------------------------------------------------------------------------
// Overpass API JSON
// ---------------------------------------------------------------------------------------

function overpassPoint(element: JsonObject): LatLng | null {
  if (element.type === 'node')
    return typeof element.lat === 'number' && typeof element.lon === 'number'
      ? { lat: element.lat, lng: element.lon }
      : null;
  const centre = latLngOf(element.center);
  if (centre) return centre;
  const { bounds } = element;
  if (isObject(bounds)) {
    const { minlat, minlon, maxlat, maxlon } = bounds;
    if ([minlat, minlon, maxlat, maxlon].every((n) => typeof n === 'number'))
      return {
        lat: ((minlat as number) + (maxlat as number)) / 2,
        lng: ((minlon as number) + (maxlon as number)) / 2,
      };
  }
  const outline = geometryPositions(element.geometry);
  if (outline.length > 0) return shapeCentre(outline);
  if (Array.isArray(element.members)) {
    // A relation out with `geom`: the centroid of its outer members' outlines.
    const rings: Position[][] = [];
    for (const member of element.members) {
      if (!isObject(member) || member.role === 'inner') continue;
      const ring = geometryPositions(member.geometry);
      if (ring.length > 0) rings.push(ring);
    }
    if (rings.length > 0) return polygonsCentroid(rings.map((ring) => [ring]));
  }
  return null;
}

function geometryPositions(value: unknown): Position[] {
  if (!Array.isArray(value)) return [];
  const positions: Position[] = [];
  for (const vertex of value) {
    const point = latLngOf(vertex);
    if (point) positions.push([point.lng, point.lat]);
  }
  return positions;
}

function shapeCentre(outline: Position[]): LatLng | null {
  const first = outline[0];
  const last = outline[outline.length - 1];
  const closed = outline.length >= 4 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? polygonsCentroid([[outline]]) : lineCentre(outline);
}

/** One element of an Overpass API answer (`elements`, or the bare array of them). */
export function readOverpassElement(raw: unknown, index: number): RecordOutcome {
  if (!isObject(raw)) return { kind: 'invalid', id: positionLabel(index), reason: 'not a JSON object' };
  const { type, id } = raw;
  if (
    (type !== 'node' && type !== 'way' && type !== 'relation') ||
    (typeof id !== 'number' && typeof id !== 'string')
  )
    return {
      kind: 'invalid',
      id: positionLabel(index),
      reason: 'not an OSM element (needs type node/way/relation and id)',
    };
  const sourceId = `${OSM_SOURCE}:${type}/${id}`;
  const tags = stringTags(raw.tags);
  // `out body; >; out skel` adds the untagged vertices of ways: they are not places.
  if (Object.keys(tags).length === 0) return { kind: 'skipped', id: sourceId, reason: 'no tags' };
  return fromOsmTags(sourceId, tags, overpassPoint(raw));
}

// ---------------------------------------------------------------------------------------
// GeoJSON
// ---------------------------------------------------------------------------------------

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
  );
}

function positionsOf(value: unknown): Position[] {
  return Array.isArray(value) ? value.filter(isPosition).map((p) => [p[0], p[1]] as const) : [];
}

function ringsOf(value: unknown): Position[][] {
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
function derivedFeatureId(name: string, point: LatLng | null): string {
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

// ---------------------------------------------------------------------------------------
// Flat records (JSON arrays of objects, CSV rows)
// ---------------------------------------------------------------------------------------

const YES_VALUES = new Set(['y', 'yes', 'true', '1']);

/** A coordinate field as a number ('40.71' too, as feeds write them), or why it is not one. */
function coordinateOf(record: JsonObject, field: string, what: string): number | string {
  const value = record[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return `no ${what} (${field} is empty)`;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(number) ? number : `${what} ${JSON.stringify(value)} is not a number`;
}

/** One flat record (an object of fields), read through `mapping`; credited to `dataset`. */
export function readFlatRecord(
  raw: unknown,
  index: number,
  mapping: RecordMapping,
  dataset: Dataset,
): RecordOutcome {
  if (!isObject(raw)) return { kind: 'invalid', id: positionLabel(index), reason: 'not a JSON object' };
  const fields = stringTags(raw);
  const name = mapping.name === undefined ? undefined : fields[mapping.name]?.trim();
  const ownId = mapping.id === undefined ? undefined : fields[mapping.id]?.trim();
  const lat = coordinateOf(raw, mapping.lat, 'latitude');
  const lng = coordinateOf(raw, mapping.lng, 'longitude');
  const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const sourceId = `${datasetKey(dataset.source)}:${ownId || derivedFeatureId(name ?? '', point)}`;
  if (typeof lat === 'string') return { kind: 'invalid', id: sourceId, reason: lat };
  if (typeof lng === 'string') return { kind: 'invalid', id: sourceId, reason: lng };
  // An exact 0 is a placeholder for "unknown" in feeds (the equator or Greenwich to 1 mm is not).
  if (lat === 0 || lng === 0)
    return { kind: 'invalid', id: sourceId, reason: `position (${lat}, ${lng}) is a placeholder 0` };
  const tags: OsmTags = { ...fields, name: name ?? '' };
  const mapped = mapOsmTags(tags);
  if (!mapped.ok) return { kind: 'skipped', id: sourceId, reason: mapped.reason };
  const extraTags = Object.entries(mapping.tags ?? {})
    .filter(([field]) => YES_VALUES.has((fields[field] ?? '').trim().toLowerCase()))
    .map(([, tag]) => tag);
  const facts = { ...mapped.fields.facts };
  for (const [field, key] of Object.entries(mapping.facts ?? {})) {
    const value = factFromText(key, fields[field]);
    if (value !== null) facts[key] = value;
  }
  return toPlace(
    sourceId,
    point,
    {
      ...mapped.fields,
      // Not OSM: without `leisure` nothing says indoor or outdoor.
      indoor: tags.leisure === undefined && tags.indoor === undefined ? null : mapped.fields.indoor,
      tags: normalizeTags([...mapped.fields.tags, ...extraTags]).tags.slice(0, MAX_TAGS),
      facts,
    },
    dataset.source,
    dataset.licence,
  );
}

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

// ---------------------------------------------------------------------------------------
// Equipment mapped apart from its playground (issue 33)
// ---------------------------------------------------------------------------------------

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
