import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from '../../test/database.ts';

const GENERATED_PLACES = 100_000;
const AUCKLAND = { lat: -36.8485, lng: 174.7633 };

/** Names of every index the plan uses, walking the JSON plan tree. */
function indexesUsed(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(indexesUsed);
  if (typeof plan !== 'object' || plan === null) return [];
  const node = plan as Record<string, unknown>;
  const own = typeof node['Index Name'] === 'string' ? [node['Index Name']] : [];
  return [...own, ...Object.values(node).flatMap(indexesUsed)];
}

describeEachBackend(`radius query over ${GENERATED_PLACES} locations`, (database) => {
  beforeAll(async () => {
    // Deterministic pseudo-random points: a third clustered around Auckland, the rest spread
    // over the inhabited latitudes. fract(sin(x) * 43758.5453) is a classic cheap hash.
    await database().query(sql`
      insert into locations (name, latitude, longitude, search_keywords)
      select 'Generated ' || i,
             case when i % 3 = 0
               then ${AUCKLAND.lat} + (r1 - 0.5) * 0.6
               else -60 + r1 * 130 end,
             case when i % 3 = 0
               then ${AUCKLAND.lng} + (r2 - 0.5) * 0.8
               else -180 + r2 * 360 end,
             array['generated']
      from (
        select i,
               abs(sin(i * 12.9898) * 43758.5453) - floor(abs(sin(i * 12.9898) * 43758.5453)) as r1,
               abs(sin(i * 78.233) * 12345.6789) - floor(abs(sin(i * 78.233) * 12345.6789)) as r2
        from generate_series(1, ${GENERATED_PLACES}) as i
      ) as random_points`);
    await database().query(sql`analyze locations`);
  }, 120_000);

  const radiusQuery = sql`
    select id, ST_Distance(position, ST_MakePoint(${AUCKLAND.lng}, ${AUCKLAND.lat})::geography) as meters
    from locations
    where ST_DWithin(position, ST_MakePoint(${AUCKLAND.lng}, ${AUCKLAND.lat})::geography, 5000)
    order by meters
    limit 100`;

  it('uses the GiST index on position', async () => {
    const rows = await database().query<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${radiusQuery}`);
    const plan: unknown = rows[0]?.['QUERY PLAN'];
    const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
    expect(indexesUsed(parsed)).toContain('locations_position_gist');
  });

  it('returns only locations within the radius, nearest first', async () => {
    const rows = await database().query<{ meters: number }>(radiusQuery);
    expect(rows.length).toBeGreaterThan(10);
    const meters = rows.map((row) => row.meters);
    expect(Math.max(...meters)).toBeLessThanOrEqual(5000);
    expect(meters).toEqual([...meters].sort((a, b) => a - b));
  });
});
