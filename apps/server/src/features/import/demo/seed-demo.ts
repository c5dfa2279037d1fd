/**
 * A fresh installation's first places: sample spots at real Auckland parks (the spec's default
 * map centre, marked as demo data) and real playgrounds from a small OpenStreetMap extract
 * shipped in the repository (demo-extract/, ODbL, credited on each place and the About page).
 */
import { fileURLToPath } from 'node:url';
import { DEMO_SOURCE, searchKeywords } from '@playspot/core';
import { sql } from 'drizzle-orm';
import { importRecords } from '../features/import/importer.ts';
import { openRecordFile } from '../features/import/read-records.ts';
import type { Database } from './client.ts';
import { demoLocations } from './demo-data.ts';
import { locations } from './schema.ts';

const DEMO_NOTE = 'Demo entry: sample data placed at a real park so you can try PlaySpot. Not verified.';

export const DEMO_EXTRACT_FILE = fileURLToPath(
  new URL('demo-extract/luebeck-playgrounds.json', import.meta.url),
);

export interface DemoSeedResult {
  /** Sample spots near Auckland. */
  demo: number;
  /** Real places from the OpenStreetMap extract. */
  imported: number;
}

/** Adds the demo places when there are no locations at all; returns how many were added. */
export async function seedDemoDataIfEmpty(
  db: Database,
  extractFile: string = DEMO_EXTRACT_FILE,
): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('playspot:seed-demo'))`);
    const existing = await tx.select({ id: locations.id }).from(locations).limit(1);
    if (existing.length > 0) return { demo: 0, imported: 0 };
    await tx.insert(locations).values(
      demoLocations.map((demo) => ({
        name: demo.name,
        latitude: demo.lat,
        longitude: demo.lng,
        tags: demo.tags,
        ageRanges: demo.ageRanges,
        indoor: demo.indoor,
        free: demo.free,
        description: DEMO_NOTE,
        searchKeywords: searchKeywords(demo.name),
        source: DEMO_SOURCE,
        sourceId: `${DEMO_SOURCE}:${demo.slug}`,
      })),
    );
    const extract = await openRecordFile(extractFile);
    const summary = await importRecords(tx, extract.records, {
      format: 'osm',
      dataset: { source: 'OpenStreetMap', licence: null },
    });
    return { demo: demoLocations.length, imported: summary.created };
  });
}
