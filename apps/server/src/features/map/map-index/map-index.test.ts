/**
 * The map index answers what the SQL answers: two apps on one database, one reading the map
 * from its index and one from SQL (MAP_INDEX=off), asked the same random questions before
 * and after random writes.
 */
import {
  AGE_RANGES,
  encodePageCursor,
  EQUIPMENT_KINDS,
  FACT_FILTERS,
  MAP_FILTERS,
  type MapFilterName,
} from '@playspot/core';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../../test/app-options.ts';
import { describeEachBackend } from '../../../../test/database.ts';
import { addPlace } from '../../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../../test/sign-in.ts';
import { buildApp } from '../../../app.ts';
import { cellDegreesAt, cellsOfBox, summaryLevelFor } from '../cluster-cells.ts';
import { databaseChecksum } from './map-index.repository.ts';
import type { Box } from '../map-query.ts';

interface Summary {
  id: string;
  distanceKm?: number;
  name: string;
  upVotes: number;
  ageRanges: string[];
  indoor: boolean | null;
  free: boolean | null;
}
interface FullPlace {
  id: string;
  distanceKm?: number;
}
interface Viewport {
  kind: 'points' | 'clusters';
  points: { id: string }[];
  clusters?: { count: number; latitude: number; longitude: number }[];
  total?: number;
}

/** Around Auckland, where the places are. */
const AREA = { south: -37.0, north: -36.7, west: 174.6, east: 174.95 };
const FILTERS = [
  '',
  '&indoor=true',
  '&free=false',
  '&ageRange=2-5',
  '&popular=true',
  '&recentlyAdded=true',
  '&indoor=false&ageRange=0-2',
  '&has=fenced',
  '&has=toilets,wheelchair',
  '&free=true&has=shade,baby_swing',
  '&equipment=swing',
  '&equipment=swing,slide',
  '&has=fenced&equipment=zipline',
];

/**
 * Every map filter of core's MAP_FILTERS (the one rule, compiled to SQL and to the index's
 * test) with the query strings that ask each of its values alone: a filter added to the
 * table does not compile here until the oracle below asks it on both read paths.
 */
const EACH_FILTER: Record<MapFilterName, string[]> = {
  ageRange: AGE_RANGES.map((range) => `&ageRange=${encodeURIComponent(range)}`),
  indoor: ['&indoor=true', '&indoor=false'],
  free: ['&free=true', '&free=false'],
  recentlyAdded: ['&recentlyAdded=true'],
  popular: ['&popular=true'],
  has: FACT_FILTERS.map((fact) => `&has=${fact}`),
  equipment: EQUIPMENT_KINDS.map((kind) => `&equipment=${kind}`),
  // "Near you" asks openAt (now) unless includeClosed: the near questions ask both.
  openAt: ['', '&includeClosed=true'],
  // These places have no opening hours (open-now.test.ts is the oracle of the hours).
  openNow: ['&openNow=true'],
};

/** Every kind of play equipment there (a fifth of the places): no equipment filter is vacuous. */
const EVERY_KIND = JSON.stringify(
  Object.fromEntries(EQUIPMENT_KINDS.map((kind, i) => [`equipment:${kind}`, i % 2 === 0 ? 'yes' : '1'])),
);

const centreArbitrary = fc.record({
  lat: fc.double({ min: AREA.south, max: AREA.north, noNaN: true }),
  lng: fc.double({ min: AREA.west, max: AREA.east, noNaN: true }),
});

describeEachBackend('map index answers as the SQL does', (database) => {
  let indexed: FastifyInstance;
  let fromSql: FastifyInstance;
  let parent: SignedInTestUser;

  beforeAll(async () => {
    // 700 places with every combination of the filter fields, a few far away.
    await database().query(sql`
      insert into locations (name, latitude, longitude, indoor, free, age_ranges, up_votes, down_votes,
        visit_count, comment_count, created_at, last_updated_at, facts)
      select 'Place ' || i,
        -37.0 + ((i * 7919) % 1000) * 0.0003, 174.6 + ((i * 104729) % 1000) * 0.00035,
        case i % 3 when 0 then null when 1 then true else false end,
        case i % 5 when 0 then null when 1 then true else false end,
        case i % 5 when 0 then array['2-5'] when 1 then array['0-2', '2-5'] when 2 then array['5-12', '12+']
          when 3 then array[]::text[] else array['12+', '0-2'] end,
        i % 4, i % 3, i % 7, i % 2,
        now() - make_interval(days => i % 40), now() - make_interval(days => i % 30),
        (case i % 6 when 0 then '{}' when 1 then '{"fenced":"yes"}'
          when 2 then '{"fenced":"yes","wheelchair":"yes","shade":"yes"}'
          when 3 then '{"toilets":"yes","wheelchair":"limited"}' when 4 then '{"shade":"yes","equipment:baby_swing":"2","changing_table":"yes"}'
          else '{"fenced":"no","toilets":"no","wheelchair":"yes"}' end)::jsonb ||
        -- Play equipment (issue 33): counts, yes, and a no that must not count as there.
        (case i % 5 when 0 then ${EVERY_KIND}::jsonb when 1 then '{"equipment:swing":"2"}'
          when 2 then '{"equipment:swing":"yes","equipment:slide":"1"}' when 3 then '{"equipment:swing":"no","equipment:slide":"yes"}'
          else '{"equipment:zipline":"yes","equipment:swing":"4"}' end)::jsonb
      from generate_series(1, 700) as i`);
    // Reported closed for works: every 11th place for a day more, every 13th until yesterday.
    await database().query(sql`
      update locations set closed_until = case when name ~ '^Place [0-9]+$' and substr(name, 7)::int % 11 = 0
        then now() + interval '1 day' else now() - interval '1 day' end
      where name ~ '^Place [0-9]+$' and (substr(name, 7)::int % 11 = 0 or substr(name, 7)::int % 13 = 0)`);
    // Public toilets 110 m north of every 7th place: the toilets filter counts them within 200 m.
    await database().query(sql`
      insert into amenities (source_id, kind, latitude, longitude, source)
      select 'osm:node/' || i, 'toilets', -37.0 + ((i * 7919) % 1000) * 0.0003 + 0.001,
        174.6 + ((i * 104729) % 1000) * 0.00035, 'osm'
      from generate_series(1, 700, 7) as i`);
    await database().query(sql`
      insert into locations (name, latitude, longitude) values ('Far away', 10, 10), ('Near 180', -17, 179.9)`);
    // Photos (the build reads them in one pass, apart from its pages): every 4th place an
    // older one with a thumbnail and a newer one; every 6th only one without a thumbnail; every
    // 5th a hidden one older than all; every 9th a comment's photo, which is never the summary's.
    await database().query(sql`
      insert into images (location_id, storage_key, thumbnail_storage_key, content_type, width, height,
        bytes, created_at, hidden_at, hidden_by)
      select id, 'photos/' || n || '-' || photo.kind, case when photo.kind = 'first' then 'thumbs/' || n end,
        'image/jpeg', 800, 600, 1000, now() - make_interval(days => photo.age),
        case when photo.kind = 'hidden' then now() end, case when photo.kind = 'hidden' then 'moderator' end
      from (select id, substr(name, 7)::int as n from locations where name ~ '^Place [0-9]+$') place
      join (values ('first', 3), ('newer', 1), ('bare', 2), ('hidden', 9)) as photo(kind, age)
        on (photo.kind in ('first', 'newer') and n % 4 = 0) or (photo.kind = 'bare' and n % 6 = 0)
          or (photo.kind = 'hidden' and n % 5 = 0)`);
    const [commented] = await database().query<{ id: string }>(sql`
      insert into comments (location_id, text) select id, 'Lovely shade' from locations
      where name = 'Place 9' returning location_id as id`);
    await database().query(sql`
      insert into images (location_id, comment_id, storage_key, content_type, width, height, bytes, created_at)
      select location_id, id, 'photos/comment', 'image/jpeg', 800, 600, 1000, now() - interval '30 days'
      from comments where location_id = ${commented?.id ?? null}`);
    // The build alone must get every place right: without this, it would replay these rows'
    // changes (its last 1 000) and read each place again by id.
    await database().query(sql`delete from map_changes`);
    indexed = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    fromSql = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    parent = await signInAs(indexed, 'Index_Tester');
  });
  afterAll(async () => {
    await indexed.close();
    await fromSql.close();
  });

  const get = async <T>(app: FastifyInstance, url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  /** Same ids, same order, distances to 1 m. */
  async function expectSameNear(query: string, filter = ''): Promise<void> {
    if (filter === 'has' || filter === 'equipment') {
      // Each fact and kind of equipment is seeded somewhere: the filter is not vacuous.
      const all = await get<{ items: FullPlace[] }>(fromSql, `/api/locations?${query}`);
      expect(all.items.length, query).toBeGreaterThan(0);
    }
    const [a, b] = await Promise.all([
      get<{ items: FullPlace[] }>(indexed, `/api/locations?${query}`),
      get<{ items: FullPlace[] }>(fromSql, `/api/locations?${query}`),
    ]);
    expect(
      a.items.map((item) => item.id),
      query,
    ).toEqual(b.items.map((item) => item.id));
    a.items.forEach((item, i) => {
      expect(Math.abs((item.distanceKm ?? 0) - (b.items[i]?.distanceKm ?? 0)), query).toBeLessThan(0.001);
    });
    const [summaries, sqlSummaries] = await Promise.all([
      get<{ items: Summary[]; nextCursor: string | null }>(indexed, `/api/locations/summaries?${query}`),
      get<{ items: Summary[]; nextCursor: string | null }>(fromSql, `/api/locations/summaries?${query}`),
    ]);
    expect(summaries, query).toEqual(sqlSummaries);
  }

  async function expectSameViewport(query: string): Promise<void> {
    const [a, b] = await Promise.all([
      get<Viewport>(indexed, `/api/locations/viewport?${query}`),
      get<Viewport>(fromSql, `/api/locations/viewport?${query}`),
    ]);
    expect(a.kind, query).toBe(b.kind);
    expect(a.points.map((point) => point.id).sort(), query).toEqual(b.points.map((point) => point.id).sort());
    expect(a.total, query).toBe(b.total);
    const byCentre = (clusters: Viewport['clusters']) =>
      (clusters ?? [])
        .map((cluster) => `${cluster.count}@${cluster.latitude.toFixed(9)},${cluster.longitude.toFixed(9)}`)
        .sort();
    expect(byCentre(a.clusters), query).toEqual(byCentre(b.clusters));
  }

  const randomQuestions = async () => {
    await fc.assert(
      fc.asyncProperty(
        centreArbitrary,
        fc.constantFrom(null, 0.5, 2, 5, 25),
        fc.constantFrom(...FILTERS),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        async (centre, radiusKm, filters, limit, includeClosed) => {
          const radius = radiusKm === null ? '' : `&radiusKm=${radiusKm}`;
          const closed = includeClosed ? '&includeClosed=true' : '';
          await expectSameNear(
            `lat=${centre.lat}&lng=${centre.lng}${radius}&limit=${limit}${filters}${closed}`,
          );
        },
      ),
      { numRuns: 40, seed: 20 },
    );
    await fc.assert(
      fc.asyncProperty(
        centreArbitrary,
        fc.double({ min: 0.005, max: 0.3, noNaN: true }),
        fc.integer({ min: 10, max: 17 }),
        fc.constantFrom(...FILTERS),
        async (centre, size, zoom, filters) => {
          await expectSameViewport(
            `west=${centre.lng - size}&south=${centre.lat - size / 2}&east=${centre.lng + size}&north=${centre.lat + size / 2}&zoom=${zoom}${filters}`,
          );
        },
      ),
      { numRuns: 40, seed: 21 },
    );
  };

  it('answers random centres, radii, boxes and filters exactly as the SQL does', async () => {
    await randomQuestions();
    // The next page too, and a box across the antimeridian.
    await expectSameNear(`lat=-36.85&lng=174.76&radiusKm=25&limit=20&cursor=${encodePageCursor(20)}`);
    await expectSameViewport('west=179&south=-18&east=-179&north=-16&zoom=12');
  }, 120_000);

  it('answers every map filter, each value alone, as the SQL does (near, summaries, viewport)', async () => {
    expect(Object.keys(EACH_FILTER).sort()).toEqual(Object.keys(MAP_FILTERS).sort());
    for (const [name, values] of Object.entries(EACH_FILTER)) {
      for (const filter of values) {
        await expectSameNear(`lat=-36.85&lng=174.76&radiusKm=25&limit=60${filter}`, name);
        if (name === 'openAt') continue;
        await expectSameViewport(`west=174.6&south=-37&east=174.95&north=-36.7&zoom=12${filter}`);
        await expectSameViewport(`west=174.7&south=-36.9&east=174.8&north=-36.85&zoom=15${filter}`);
        await expectSameViewport(`west=170&south=-40&east=178&north=-34&zoom=5${filter}`);
      }
    }
  }, 120_000);

  /**
   * Zoomed out the index groups its cluster grid, which counts a cell on the box's edge whole
   * (as the SQL summary it replaced did): its total is the count of matching places in the
   * grid cells the box touches at the zoom's level.
   */
  async function expectGridCounts(box: Box, zoom: number, filters: string): Promise<void> {
    const query = `west=${box.west}&south=${box.south}&east=${box.east}&north=${box.north}&zoom=${zoom}${filters}`;
    const answer = await get<Viewport>(indexed, `/api/locations/viewport?${query}`);
    if (answer.kind === 'points') {
      await expectSameViewport(query);
      return;
    }
    const level = summaryLevelFor(zoom) ?? zoom;
    const degrees = cellDegreesAt(level);
    const { columns, rows } = cellsOfBox(box, level);
    const params = new URLSearchParams(filters);
    const conditions = [
      sql`floor(latitude / ${degrees}::float8) between ${rows.from} and ${rows.to}`,
      sql`(${sql.join(
        columns.map(
          (range) => sql`floor(longitude / ${degrees}::float8) between ${range.from} and ${range.to}`,
        ),
        sql` or `,
      )})`,
    ];
    if (params.has('indoor')) conditions.push(sql`indoor = ${params.get('indoor') === 'true'}`);
    if (params.has('free')) conditions.push(sql`free = ${params.get('free') === 'true'}`);
    if (params.has('ageRange')) conditions.push(sql`age_ranges @> array[${params.get('ageRange')}]::text[]`);
    if (params.has('popular'))
      conditions.push(sql`10 * (up_votes - down_votes) + visit_count + 2 * comment_count > 0`);
    const [row] = await database().query<{ count: number }>(
      sql`select count(*)::int as count from locations where ${sql.join(conditions, sql` and `)}`,
    );
    expect(answer.total, query).toBe(row?.count);
    const clustered = (answer.clusters ?? []).reduce((sum, cluster) => sum + cluster.count, 0);
    expect(clustered + answer.points.length, query).toBe(answer.total);
  }

  const randomZoomedOut = () =>
    fc.assert(
      fc.asyncProperty(
        centreArbitrary,
        fc.double({ min: 0.2, max: 60, noNaN: true }),
        fc.integer({ min: 1, max: 9 }),
        // Recently added and facts are not in the grid: those answers are counted live (above).
        fc.constantFrom(
          ...FILTERS.filter(
            (filters) =>
              !filters.includes('recentlyAdded') &&
              !filters.includes('has') &&
              !filters.includes('equipment'),
          ),
        ),
        async (centre, size, zoom, filters) => {
          const box = {
            west: Math.max(-180, centre.lng - size),
            south: Math.max(-85, centre.lat - size / 2),
            east: Math.min(180, centre.lng + size),
            north: Math.min(85, centre.lat + size / 2),
          };
          await expectGridCounts(box, zoom, filters);
        },
      ),
      { numRuns: 30, seed: 22 },
    );

  it('counts zoomed-out views from its cluster grid as the places in the cells in view', async () => {
    await randomZoomedOut();
  }, 120_000);

  it('answers the same after random writes through the API and behind its back', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await addPlace(indexed, parent, {
        name: `Added ${i}`,
        latitude: -36.9 + i * 0.01,
        longitude: 174.7 + i * 0.015,
        indoor: i % 2 === 0,
        ageRanges: i % 3 === 0 ? ['0-2'] : ['5-12'],
      });
      ids.push(id);
    }
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 0) {
        // Moved and renamed.
        const response = await indexed.inject({
          method: 'PATCH',
          url: `/api/locations/${id}`,
          headers: parent.headers,
          payload: { name: `Moved ${i}`, latitude: -36.8 - i * 0.005, free: false },
        });
        expect(response.statusCode, response.body).toBe(200);
      } else if (i % 3 === 1) {
        const response = await indexed.inject({
          method: 'PUT',
          url: `/api/locations/${id}/vote`,
          headers: parent.headers,
          payload: { vote: 'down' },
        });
        expect(response.statusCode, response.body).toBe(200);
      } else {
        const response = await indexed.inject({
          method: 'DELETE',
          url: `/api/locations/${id}`,
          headers: parent.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    // Behind the app's back (an import, a moderator's SQL): the feed carries it too.
    await database().query(
      sql`update locations set up_votes = up_votes + 5, visit_count = visit_count + 3 where name like 'Place 1%'`,
    );
    await database().query(sql`delete from locations where name like 'Place 2_'`);
    await database().query(sql`update locations set latitude = latitude + 0.01 where name like 'Place 3_'`);
    await indexed.mapIndex?.catchUp();
    await randomQuestions();
    await randomZoomedOut();
  }, 120_000);

  it("keeps the checksum the table's sums give, toilets nearby counted from the toilets' side", async () => {
    await indexed.mapIndex?.catchUp();
    const index = indexed.mapIndex?.index;
    if (!index) throw new Error('no map index');
    const toiletsOnlyNearby = await database().query<{ count: number }>(sql`
      select count(*)::int as count from locations place where coalesce(place.facts ->> 'toilets', '') <> 'yes'
        and exists (select 1 from amenities toilet where ST_DWithin(toilet.position, place.position, 200, false))`);
    expect(toiletsOnlyNearby[0]?.count).toBeGreaterThan(0);
    expect((await databaseChecksum(database().db)).sums).toEqual(index.store.checksum());
  });
});

describeEachBackend('map index after the table is emptied', (database) => {
  it('rebuilds when the locations table is truncated (no rows to name in the feed)', async () => {
    const app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    try {
      const parent = await signInAs(app, 'Truncate_Tester');
      await addPlace(app, parent, { name: 'Soon Gone' });
      const near = async () =>
        (
          await app.inject({ url: '/api/locations/summaries?lat=-36.8597&lng=174.7752&radiusKm=5&limit=10' })
        ).json<{
          items: unknown[];
        }>().items;
      expect(await near()).toHaveLength(1);
      await database().query(sql`truncate locations cascade`);
      await app.mapIndex?.catchUp();
      // The feed's all-zero id asked for a rebuild; it runs in the background.
      for (let i = 0; i < 100 && (await near()).length > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await near()).toEqual([]);
      expect(app.mapIndex?.status()).toMatchObject({ state: 'ready', places: 0 });
    } finally {
      await app.close();
    }
  });
});
