/**
 * The import pipeline: records (streamed from a file, or generated) → core's mapping →
 * batches upserted by import.repository. Bad records are reported and left out; they never
 * stop the import. While one batch is being written the next one is prepared, so the
 * database and the parsing work at the same time.
 */
import {
  attachDevices,
  deviceKindOf,
  EQUIPMENT_KINDS,
  equipmentFacts,
  equipmentKindOfFact,
  equipmentScanOf,
  mergeEquipment,
  placeNameNumbers,
  readImportRecord,
  type AttachedDevices,
  type Device,
  type EquipmentCounts,
  type EquipmentKind,
  type PlaygroundOutline,
  searchKeywords,
  type Dataset,
  type ImportedAmenity,
  type ImportedPlace,
  type ImportFormat,
  type RecordMapping,
} from '@playspot/core';
import { isWellFormedOpeningHours } from '@playspot/core/opening-hours';
import type { Database } from '../../db/client.ts';
import { timeZoneAt } from '../../lib/time-zone-at.ts';
import { refreshShownFacts } from '../facts/index.ts';
import {
  dropSecondaryIndexes,
  hasAnyPlace,
  hasPlacesFromOtherSources,
  prepareBulkTransaction,
  rebuildIndexes,
  upsertAmenities,
  upsertImportedFacts,
  upsertPlaces,
  type AmenityRow,
  type PlaceRow,
} from './import.repository.ts';

export const DEFAULT_BATCH_SIZE = 5000;

export interface RecordProblem {
  /** 'unreadableHours': imported, but its opening hours are not valid syntax (shown as unknown). */
  kind: 'skipped' | 'invalid' | 'unreadableHours';
  id: string;
  reason: string;
}

export interface ImportCounts {
  /** Records read from the input. */
  read: number;
  created: number;
  updated: number;
  /** Already stored with the same data. */
  unchanged: number;
  /** Merged into a place from another source instead of added. */
  merged: number;
  /** Left out on purpose: private playgrounds, untagged vertices. */
  skipped: number;
  /** Public amenities (toilets, drinking water…) read, kept apart from places. */
  amenities: number;
  /** Places whose imported facts changed (added, corrected or no longer stated). */
  factsChanged: number;
  /** Bad records: no coordinates, not a feature, duplicate id… */
  invalid: number;
  /** Places imported with opening hours that are not valid syntax: their page says "Hours unknown". */
  unreadableHours: number;
  /** Places the import states equipment of (issue 33), from their tags or devices mapped apart. */
  withEquipment: number;
  /** `playground=<device>` elements counted into the playground they stand in (not places). */
  devicesAttached: number;
}

export interface ImportSummary extends ImportCounts {
  elapsedMs: number;
  /** Places stated to have each kind of equipment (a count or yes), by kind. */
  equipmentByKind: Partial<Record<EquipmentKind, number>>;
}

export interface ImportOptions {
  format?: ImportFormat | undefined;
  /** Which fields of flat records (format 'records') hold the position, name and id. */
  mapping?: RecordMapping | undefined;
  /** Credit for records that are not OpenStreetMap data. */
  dataset: Dataset;
  /** Read and check everything, write nothing. */
  dryRun?: boolean;
  batchSize?: number;
  /**
   * A large first load into PostgreSQL: in one transaction, drop the spatial and search
   * indexes, load, rebuild them. The locations table is locked until the end (a rollback
   * restores everything), so this is for a first load into an empty database; with
   * places already there it imports as usual.
   */
  bulk?: boolean;
  now?: () => Date;
  onProblem?: (problem: RecordProblem) => void;
  /** After each batch is written (or checked, in a dry run). */
  onProgress?: (counts: ImportCounts) => void;
  /**
   * The same records read once more, first (OSM data: an Overpass answer or GeoJSON): the
   * `playground=<device>` elements found in it are counted into the playground whose outline
   * holds them, or the playground node within EQUIPMENT_NEARBY_M, instead of being places.
   * Without it each record is read alone.
   */
  prescan?: AsyncIterable<unknown> | Iterable<unknown>;
}

/** Reads every record for devices and playground outlines and attaches the devices (issue 33). */
export async function scanEquipment(
  records: AsyncIterable<unknown> | Iterable<unknown>,
  format: ImportFormat | undefined,
): Promise<AttachedDevices> {
  const outlines: PlaygroundOutline[] = [];
  const devices: Device[] = [];
  for await (const raw of records) {
    const scan = equipmentScanOf(raw, format);
    if (scan?.kind === 'device') devices.push(scan.device);
    else if (scan?.kind === 'playground') outlines.push(scan.outline);
  }
  return attachDevices(outlines, devices);
}

/** The stored form of a place, with its time zone (events there are evaluated in it). */
export function toPlaceRow(place: ImportedPlace): PlaceRow {
  const timeZone = timeZoneAt(place.lat, place.lng);
  const keywords = searchKeywords(place.name);
  return {
    source_id: place.sourceId,
    source: place.source,
    licence: place.licence,
    name: place.name,
    latitude: place.lat,
    longitude: place.lng,
    tags: place.tags,
    age_ranges: place.ageRanges,
    indoor: place.indoor,
    free: place.free,
    official_website: place.officialWebsite,
    description: place.description,
    names: place.names,
    search_keywords: keywords,
    // placeNameKey(name), from the keywords already computed.
    name_key: keywords.join(' '),
    name_numbers: placeNameNumbers(place.name),
    time_zone: timeZone,
    facts: place.facts,
  };
}

/** The stored rows of an amenity: one per kind. */
export function toAmenityRows(amenity: ImportedAmenity): AmenityRow[] {
  return amenity.kinds.map((kind) => ({
    source_id: amenity.sourceId,
    kind,
    source: amenity.source,
    licence: amenity.licence,
    latitude: amenity.lat,
    longitude: amenity.lng,
  }));
}

/** Interleaves the bits of two 16-bit numbers: nearby points get nearby keys. */
function interleave(x: number, y: number): number {
  let key = 0;
  for (let bit = 15; bit >= 0; bit -= 1) key = key * 4 + ((x >> bit) & 1) * 2 + ((y >> bit) & 1);
  return key;
}

/**
 * Orders a batch along a Z-order curve: consecutive inserts then touch the same spatial-index
 * pages, which makes the GiST indexes several times cheaper to maintain in bulk.
 */
export function sortAlongZCurve(rows: PlaceRow[]): void {
  const keyed = rows.map((row) => ({
    row,
    key: interleave(
      Math.floor(((row.longitude + 180) / 360) * 65535),
      Math.floor(((row.latitude + 90) / 180) * 65535),
    ),
  }));
  keyed.sort((a, b) => a.key - b.key);
  keyed.forEach(({ row }, index) => (rows[index] = row));
}

/** Imports `records` into `db` (null with dryRun) and returns what happened. */
export async function importRecords(
  db: Database | null,
  records: AsyncIterable<unknown> | Iterable<unknown>,
  options: ImportOptions,
): Promise<ImportSummary> {
  if (!options.bulk || options.dryRun || db === null) return importInto(db, records, options);
  const startedAt = performance.now();
  return db.transaction(async (tx) => {
    await prepareBulkTransaction(tx);
    // Only into an empty table: nothing to merge with, nobody's queries to slow down.
    const dropped = (await hasAnyPlace(tx)) ? [] : await dropSecondaryIndexes(tx);
    const summary = await importInto(
      tx,
      records,
      dropped.length > 0 ? { ...options, mergeAcrossSources: false } : options,
    );
    await rebuildIndexes(tx, dropped);
    return { ...summary, elapsedMs: performance.now() - startedAt };
  });
}

async function importInto(
  db: Database | null,
  records: AsyncIterable<unknown> | Iterable<unknown>,
  options: ImportOptions & { mergeAcrossSources?: boolean },
): Promise<ImportSummary> {
  const startedAt = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  const counts: ImportCounts = {
    read: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    merged: 0,
    skipped: 0,
    amenities: 0,
    factsChanged: 0,
    invalid: 0,
    unreadableHours: 0,
    withEquipment: 0,
    devicesAttached: 0,
  };
  const equipmentByKind: Partial<Record<EquipmentKind, number>> = {};
  const attached = options.prescan
    ? await scanEquipment(options.prescan, options.format)
    : { byPlayground: new Map<string, EquipmentCounts>(), devices: new Set<string>() };
  const report = (problem: RecordProblem) => {
    counts[problem.kind] += 1;
    options.onProblem?.(problem);
  };
  const writer = options.dryRun || db === null ? null : db;
  // Decided once: with no other source in the database nothing can merge, so the per-place
  // neighbour lookup is skipped (a first bulk load).
  let mergeAcrossSources: boolean | null = options.mergeAcrossSources ?? null;
  const seen = new Set<string>();
  let batch: PlaceRow[] = [];
  let amenityBatch: AmenityRow[] = [];
  let pending: Promise<void> = Promise.resolve();

  const writePlaces = async (db: Database, rows: PlaceRow[]) => {
    sortAlongZCurve(rows);
    mergeAcrossSources ??= await hasPlacesFromOtherSources(db, rows[0]?.source ?? '');
    const at = now();
    const result = await upsertPlaces(db, rows, { now: at, mergeAcrossSources });
    counts.created += result.created;
    counts.updated += result.updated;
    counts.merged += result.merged;
    counts.unchanged += rows.length - result.created - result.updated - result.merged;
    const factsChanged = await upsertImportedFacts(db, rows, result.mergedInto, at);
    await refreshShownFacts(db, factsChanged);
    counts.factsChanged += factsChanged.length;
  };
  const flush = async (rows: PlaceRow[], amenityRows: AmenityRow[]) => {
    if (writer) {
      if (rows.length > 0) await writePlaces(writer, rows);
      await upsertAmenities(writer, amenityRows);
    }
    options.onProgress?.({ ...counts });
  };
  const enqueue = async () => {
    const rows = batch;
    const amenityRows = amenityBatch;
    batch = [];
    amenityBatch = [];
    // At most one batch in flight: prepare the next while this one is written.
    await pending;
    pending = flush(rows, amenityRows);
    // Awaited with the next batch or at the end; until then a failure must not count as unhandled.
    pending.catch(() => undefined);
  };

  for await (const raw of records) {
    const index = counts.read;
    counts.read += 1;
    const outcome = readImportRecord(raw, index, {
      format: options.format,
      dataset: options.dataset,
      mapping: options.mapping,
    });
    if (outcome.kind === 'amenity') {
      counts.amenities += 1;
      amenityBatch.push(...toAmenityRows(outcome.amenity));
      if (amenityBatch.length >= batchSize) await enqueue();
      continue;
    }
    if (outcome.kind !== 'place') {
      report({ kind: outcome.kind, id: outcome.id, reason: outcome.reason });
      continue;
    }
    if (attached.devices.has(outcome.place.sourceId)) {
      counts.devicesAttached += 1;
      report({
        kind: 'skipped',
        id: outcome.place.sourceId,
        reason: 'play equipment of a playground around it',
      });
      continue;
    }
    if (seen.has(outcome.place.sourceId)) {
      report({
        kind: 'invalid',
        id: outcome.place.sourceId,
        reason: 'duplicate id in this input (first kept)',
      });
      continue;
    }
    seen.add(outcome.place.sourceId);
    const hours = outcome.place.facts.opening_hours;
    if (hours !== undefined && !isWellFormedOpeningHours(hours)) {
      // Imported all the same: a parent can correct the hours, and until then they are unknown.
      report({ kind: 'unreadableHours', id: outcome.place.sourceId, reason: `opening_hours "${hours}"` });
    }
    const place = withAttachedEquipment(outcome.place, raw, attached);
    const kinds = EQUIPMENT_KINDS.filter((kind) => {
      const value = place.facts[`equipment:${kind}`];
      return value !== undefined && value !== 'no';
    });
    if (kinds.length > 0) counts.withEquipment += 1;
    for (const kind of kinds) equipmentByKind[kind] = (equipmentByKind[kind] ?? 0) + 1;
    batch.push(toPlaceRow(place));
    if (batch.length >= batchSize) await enqueue();
  }
  if (batch.length > 0 || amenityBatch.length > 0) await enqueue();
  await pending;
  if (counts.read === 0) options.onProgress?.({ ...counts });
  return { ...counts, elapsedMs: performance.now() - startedAt, equipmentByKind };
}

/**
 * The place with the devices attached to it counted into its equipment facts; a device
 * that is a playground of its own and stands alone counts itself.
 */
function withAttachedEquipment(place: ImportedPlace, raw: unknown, attached: AttachedDevices): ImportedPlace {
  const devices: EquipmentCounts = { ...attached.byPlayground.get(place.sourceId) };
  const ownKind = place.sourceId.startsWith('osm:') ? deviceKindOfRecord(raw) : null;
  if (ownKind !== null) devices[ownKind] = 1;
  if (Object.keys(devices).length === 0) return place;
  const fromTags: EquipmentCounts = {};
  for (const [key, value] of Object.entries(place.facts)) {
    const kind = equipmentKindOfFact(key);
    if (kind !== null) fromTags[kind] = value === 'yes' || value === 'no' ? value : Number(value);
  }
  return { ...place, facts: { ...place.facts, ...equipmentFacts(mergeEquipment(fromTags, devices)) } };
}

function deviceKindOfRecord(raw: unknown): EquipmentKind | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as { tags?: unknown; properties?: unknown };
  const tags = record.tags ?? record.properties;
  if (typeof tags !== 'object' || tags === null) return null;
  const { playground, baby, wheelchair } = tags as Record<string, unknown>;
  if (typeof playground !== 'string') return null;
  return deviceKindOf({
    playground,
    ...(typeof baby === 'string' ? { baby } : {}),
    ...(typeof wheelchair === 'string' ? { wheelchair } : {}),
  });
}
