/**
 * Flat records (JSON arrays of objects, CSV rows) → import records (records.ts).
 */
import { MAX_TAGS } from '../constants.ts';
import { answerFromText, answerKeyOf } from '../place-vocabulary.ts';
import { normalizeTags } from '../tag-votes.ts';
import { mapOsmTags, type OsmTags } from './osm-mapping.ts';
import { datasetKey, derivedFeatureId } from './geojson-records.ts';
import {
  isObject,
  positionLabel,
  stringTags,
  toPlace,
  type Dataset,
  type JsonObject,
  type RecordMapping,
  type RecordOutcome,
} from './record-shapes.ts';

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
  for (const [field, name] of Object.entries(mapping.facts ?? {})) {
    const key = answerKeyOf(name);
    const value = key === null ? null : answerFromText(key, fields[field]);
    if (key !== null && value !== null) facts[key] = value;
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
