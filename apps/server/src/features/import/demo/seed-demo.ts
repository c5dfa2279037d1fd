/**
 * A fresh installation's first places: sample spots at real Auckland parks (the spec's default
 * map centre, marked as demo data) and real playgrounds from a small OpenStreetMap extract
 * shipped in the repository (extract/, ODbL, credited on each place and the About page), which
 * the open-data importer reads like any other file. `main.ts` runs it at start (SEED_DEMO_DATA).
 */
import { fileURLToPath } from 'node:url';
import { DEMO_SOURCE, searchKeywords, splitFactTags } from '@playspot/core';
import type { Database } from '../../../db/client.ts';
import { refreshShownFacts } from '../../facts/index.ts';
import { importRecords } from '../importer.ts';
import { openRecordFile } from '../read-records.ts';
import { demoPlaces } from './demo-data.ts';
import * as repository from './demo.repository.ts';

const DEMO_NOTE = 'Demo entry: sample data placed at a real park so you can try PlaySpot. Not verified.';

export const DEMO_EXTRACT_FILE = fileURLToPath(new URL('extract/luebeck-playgrounds.json', import.meta.url));

export interface DemoSeedResult {
  /** Sample spots near Auckland. */
  demo: number;
  /** Real places from the OpenStreetMap extract. */
  imported: number;
}

/** Adds the demo places when there are no places at all; returns how many were added. */
export async function seedDemoDataIfEmpty(
  db: Database,
  extractFile: string = DEMO_EXTRACT_FILE,
): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both seed.
    await repository.lockDemoSeed(tx);
    if (await repository.hasPlaces(tx)) return { demo: 0, imported: 0 };
    // A demo tag that states a fact ("fenced") is a fact the demo data states (core tag-facts).
    const split = demoPlaces.map((demo) => splitFactTags(demo.tags));
    const ids = await repository.insertPlaces(
      tx,
      demoPlaces.map((demo, index) => ({
        name: demo.name,
        latitude: demo.lat,
        longitude: demo.lng,
        tags: split[index]?.tags ?? [],
        ageRanges: demo.ageRanges,
        indoor: demo.indoor,
        free: demo.free,
        description: DEMO_NOTE,
        searchKeywords: searchKeywords(demo.name),
        source: DEMO_SOURCE,
        sourceId: `${DEMO_SOURCE}:${demo.slug}`,
      })),
    );
    await repository.insertImportedFacts(
      tx,
      ids.flatMap((locationId, index) =>
        (split[index]?.facts ?? []).map((fact) => ({ locationId, ...fact, source: DEMO_SOURCE })),
      ),
    );
    await refreshShownFacts(tx, ids);
    const extract = await openRecordFile(extractFile);
    const summary = await importRecords(tx, extract.records, {
      format: 'osm',
      dataset: { source: 'OpenStreetMap', licence: null },
      prescan: (await openRecordFile(extractFile)).records,
    });
    return { demo: demoPlaces.length, imported: summary.created };
  });
}
