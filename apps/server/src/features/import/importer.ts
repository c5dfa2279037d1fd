/**
 * The import pipeline: records (streamed from a file, or generated) → core's mapping →
 * batches upserted by import.repository. Bad records are reported and left out; they never
 * stop the import. While one batch is being written the next one is prepared, so the
 * database and the parsing work at the same time.
 */
import tzLookup from '@photostructure/tz-lookup';
import {
  DEFAULT_TIME_ZONE,
  placeNameKey,
  readImportRecord,
  searchKeywords,
  type Dataset,
  type ImportedPlace,
  type ImportFormat,
} from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { hasLocationsFromOtherSources, upsertPlaces, type PlaceRow } from './import.repository.ts';

export const DEFAULT_BATCH_SIZE = 5000;

export interface RecordProblem {
  kind: 'skipped' | 'invalid';
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
  /** Merged into a location from another source instead of added. */
  merged: number;
  /** Left out on purpose: private playgrounds, untagged vertices. */
  skipped: number;
  /** Bad records: no coordinates, not a feature, duplicate id… */
  invalid: number;
}

export interface ImportSummary extends ImportCounts {
  elapsedMs: number;
}

export interface ImportOptions {
  format?: ImportFormat | undefined;
  /** Credit for records that are not OpenStreetMap data. */
  dataset: Dataset;
  /** Read and check everything, write nothing. */
  dryRun?: boolean;
  batchSize?: number;
  now?: () => Date;
  onProblem?: (problem: RecordProblem) => void;
  /** After each batch is written (or checked, in a dry run). */
  onProgress?: (counts: ImportCounts) => void;
}

/** The stored form of a place, with its time zone (events there are evaluated in it). */
export function toPlaceRow(place: ImportedPlace): PlaceRow {
  let timeZone = DEFAULT_TIME_ZONE;
  try {
    timeZone = tzLookup(place.lat, place.lng);
  } catch {
    // Out-of-range coordinates never get here (core refuses them); keep the default anyway.
  }
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
    search_keywords: searchKeywords(place.name),
    name_key: placeNameKey(place.name),
    time_zone: timeZone,
  };
}

/** Imports `records` into `db` (null with dryRun) and returns what happened. */
export async function importRecords(
  db: Database | null,
  records: AsyncIterable<unknown> | Iterable<unknown>,
  options: ImportOptions,
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
    invalid: 0,
  };
  const report = (problem: RecordProblem) => {
    counts[problem.kind] += 1;
    options.onProblem?.(problem);
  };
  const writer = options.dryRun || db === null ? null : db;
  // Decided once: with no other source in the database nothing can merge, so the per-place
  // neighbour lookup is skipped (a first bulk load).
  let mergeAcrossSources: boolean | null = null;
  const seen = new Set<string>();
  let batch: PlaceRow[] = [];
  let pending: Promise<void> = Promise.resolve();

  const flush = async (rows: PlaceRow[]) => {
    if (writer) {
      mergeAcrossSources ??= await hasLocationsFromOtherSources(writer, rows[0]?.source ?? '');
      const result = await upsertPlaces(writer, rows, { now: now(), mergeAcrossSources });
      counts.created += result.created;
      counts.updated += result.updated;
      counts.merged += result.merged;
      counts.unchanged += rows.length - result.created - result.updated - result.merged;
    }
    options.onProgress?.({ ...counts });
  };
  const enqueue = async () => {
    const rows = batch;
    batch = [];
    // At most one batch in flight: prepare the next while this one is written.
    await pending;
    pending = flush(rows);
  };

  for await (const raw of records) {
    const index = counts.read;
    counts.read += 1;
    const outcome = readImportRecord(raw, index, { format: options.format, dataset: options.dataset });
    if (outcome.kind !== 'place') {
      report({ kind: outcome.kind, id: outcome.id, reason: outcome.reason });
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
    batch.push(toPlaceRow(outcome.place));
    if (batch.length >= batchSize) await enqueue();
  }
  if (batch.length > 0) await enqueue();
  await pending;
  if (counts.read === 0) options.onProgress?.({ ...counts });
  return { ...counts, elapsedMs: performance.now() - startedAt };
}
