import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachBackend } from '../../../../test/database.ts';
import { demoPlaces } from './demo-data.ts';
import { seedDemoDataIfEmpty } from './seed-demo.ts';

describeEachBackend('demo seed', (database) => {
  it('fills an empty database with the Auckland demo spots and the real OpenStreetMap extract', async () => {
    expect(await seedDemoDataIfEmpty(database().db)).toEqual({ demo: demoPlaces.length, imported: 137 });
    const rows = await database().query<{ source: string; licence: string | null; zone: string; n: number }>(
      sql`select source, licence, min(time_zone) as zone, count(*)::int as n
          from locations group by source, licence order by source`,
    );
    expect(rows).toEqual([
      { source: 'demo', licence: null, zone: 'Pacific/Auckland', n: demoPlaces.length },
      { source: 'osm', licence: 'ODbL-1.0', zone: 'Europe/Berlin', n: 137 },
    ]);
    const [demo] = await database().query<{ description: string }>(
      sql`select description from locations where source = 'demo' limit 1`,
    );
    expect(demo?.description).toMatch(/^Demo entry/u);
  });

  it('does nothing once there are locations', async () => {
    expect(await seedDemoDataIfEmpty(database().db)).toEqual({ demo: 0, imported: 0 });
  });
});
