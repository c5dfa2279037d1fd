import { searchKeywords } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { demoLocations } from './demo-data.ts';
import { locations } from './schema.ts';

const DEMO_NOTE = 'Demo entry: sample data placed at a real park so you can try PlaySpot. Not verified.';

/** Adds the demo play spots when there are no locations at all; returns how many were added. */
export async function seedDemoDataIfEmpty(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('playspot:seed-demo'))`);
    const existing = await tx.select({ id: locations.id }).from(locations).limit(1);
    if (existing.length > 0) return 0;
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
        source: 'demo',
        sourceId: `demo:${demo.slug}`,
      })),
    );
    return demoLocations.length;
  });
}
