import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';

interface Viewport {
  kind: 'points' | 'clusters';
  points: { id: string; latitude: number; longitude: number }[];
  clusters?: { count: number; latitude: number; longitude: number; bounds: Record<string, number> }[];
  total?: number;
}

describeEachBackend('viewport clusters', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    // 500 indoor places on a 0.2° grid around Auckland, one outdoor loner far away,
    // and two places either side of the antimeridian (Fiji / Samoa side).
    await database().query(sql`
      insert into locations (name, latitude, longitude, indoor)
      select 'Grid ' || i, -36.9 + (i / 25) * 0.01, 174.7 + (i % 25) * 0.01, true
      from generate_series(0, 499) as i`);
    await database().query(sql`
      insert into locations (name, latitude, longitude, indoor) values
        ('Loner', 10, 10, false), ('East of 180', -17, 179.5, false), ('West of 180', -17, -179.5, false)`);
    // Written behind the app's back: its map index reads them from the change feed.
    await app.ready();
    await app.mapIndex?.catchUp();
  });
  afterAll(async () => {
    await app.close();
  });

  const view = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/locations/viewport?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Viewport>();
  };

  it('clusters a crowded world view: counts add up, single cells stay points', async () => {
    const world = await view('west=-180&south=-85&east=180&north=85&zoom=2');
    expect(world.kind).toBe('clusters');
    const clustered = (world.clusters ?? []).reduce((sum, cluster) => sum + cluster.count, 0);
    expect(world.total).toBe(503);
    expect(clustered + world.points.length).toBe(503);
    expect(world.points.map((point) => point.latitude)).toContain(10);
    for (const cluster of world.clusters ?? []) {
      expect(cluster.count).toBeGreaterThanOrEqual(2);
      expect(cluster.latitude).toBeGreaterThanOrEqual(cluster.bounds.south ?? Infinity);
      expect(cluster.latitude).toBeLessThanOrEqual(cluster.bounds.north ?? -Infinity);
    }
  });

  it('sends points when few are in view, and applies filters', async () => {
    const street = await view('west=174.70&south=-36.91&east=174.73&north=-36.88&zoom=15');
    expect(street.kind).toBe('points');
    const [inBox] = await database().query<{ count: number | string }>(sql`
      select count(*) as count from locations
      where longitude between 174.70 and 174.73 and latitude between -36.91 and -36.88`);
    expect(street.points.length).toBe(Number(inBox?.count));
    expect(street.points.length).toBeGreaterThan(8);
    const outdoorOnly = await view('west=-180&south=-85&east=180&north=85&zoom=2&indoor=false');
    expect(outdoorOnly.kind).toBe('points');
    expect(outdoorOnly.points).toHaveLength(3);
  });

  it('sends up to 300 spots as points and more as clusters', async () => {
    // Twelve grid rows of 25 hold exactly 300 places; a thirteenth row tips it over.
    const full = await view('west=174.695&south=-36.905&east=174.945&north=-36.785&zoom=12');
    expect(full.kind).toBe('points');
    expect(full.points).toHaveLength(300);
    const over = await view('west=174.695&south=-36.905&east=174.945&north=-36.775&zoom=12');
    expect(over.kind).toBe('clusters');
    expect(over.total).toBe(325);
  });

  it('handles a box crossing the antimeridian', async () => {
    const pacific = await view('west=179&south=-18&east=-179&north=-16&zoom=8');
    expect(pacific.kind).toBe('points');
    expect(pacific.points.map((point) => point.longitude).sort()).toEqual([-179.5, 179.5]);
  });
});
