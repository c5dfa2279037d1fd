/**
 * What reading an import record gives (a place, an amenity, a skip or a bad record), and
 * the helpers every format's reader shares (records.ts).
 */
import { amenityKindsFromOsm, type AmenityKind } from '../amenities.ts';
import { isValidLatLng, type LatLng } from '../geo.ts';
import { OSM_LICENCE, OSM_SOURCE } from './attribution.ts';
import { mapOsmTags, type MappedFields, type OsmTags } from './osm-mapping.ts';

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
  /**
   * Field → fact or kind of equipment (a name answerKeyOf knows: `fenced`, `slide`, `sand`):
   * the field's value read as its answer (answerFromText: 'Y' → yes).
   */
  facts?: Readonly<Record<string, string>> | undefined;
}

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const OSM_ID = /^(node|way|relation)\/(\d+)$/u;

/** 'record 12' for records without an id of their own. */
export const positionLabel = (index: number): string => `record ${index + 1}`;

/** Tag values as strings; OSM's are already, so the common case returns the object itself. */
export function stringTags(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  if (Object.values(value).every((tag) => typeof tag === 'string')) return value as Record<string, string>;
  const tags: Record<string, string> = {};
  for (const [key, tag] of Object.entries(value)) {
    if (typeof tag === 'string') tags[key] = tag;
    else if (typeof tag === 'number' || typeof tag === 'boolean') tags[key] = String(tag);
  }
  return tags;
}

export function latLngOf(value: unknown): LatLng | null {
  if (!isObject(value)) return null;
  const { lat, lon } = value;
  return typeof lat === 'number' && typeof lon === 'number' ? { lat, lng: lon } : null;
}

export function toPlace(
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
export const PLAY_LEISURE = new Set(['playground', 'indoor_play']);

export function fromOsmTags(sourceId: string, tags: OsmTags, point: LatLng | null): RecordOutcome {
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
