/**
 * Overpass API JSON elements → import records (records.ts).
 */
import type { LatLng } from '../geo.ts';
import { OSM_SOURCE } from './attribution.ts';
import { lineCentre, polygonsCentroid, type Position } from './geometry.ts';
import {
  fromOsmTags,
  isObject,
  latLngOf,
  positionLabel,
  stringTags,
  type JsonObject,
  type RecordOutcome,
} from './record-shapes.ts';

export function overpassPoint(element: JsonObject): LatLng | null {
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

export function geometryPositions(value: unknown): Position[] {
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
