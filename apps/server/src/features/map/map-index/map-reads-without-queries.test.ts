/**
 * Issue 29: once the map index is ready, a map read asks the database nothing. Statements are
 * counted on the database handle, only those sent on behalf of the request under test (its
 * async context), so the keeper's own catch-ups in the background are not counted. The
 * answers carry today's events and live conditions from the index, and agree with the SQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { placeSummaryListSchema, viewportResultSchema, weekdayName, type WeekdayName } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../../test/app-options.ts';
import { describeEachBackend } from '../../../../test/database.ts';
import { buildApp } from '../../../app.ts';

interface Summary {
  id: string;
  name: string;
  hasEventToday?: true;
  conditions?: { kind: string; parents: number }[];
}
interface Viewport {
  kind: 'points' | 'clusters';
  points: { id: string; name: string; conditions?: string[] }[];
  clusters?: { count: number; latitude: number; longitude: number }[];
}

const ZONE = 'Pacific/Auckland';
const CENTRE = { lat: -36.85, lng: 174.76 };
const HOUR = 3_600_000;

/** Marks the request that is being counted; statements sent outside it are someone else's. */
const counted = new AsyncLocalStorage<string>();
const REQUEST_UNDER_TEST = 'map read';
const COUNT_HEADER = 'x-count-statements';

describeEachBackend('map reads from the ready index ask the database nothing', (database) => {
  let indexed: FastifyInstance | undefined;
  let fromSql: FastifyInstance | undefined;
  let clock = new Date('2026-11-26T01:00:00Z');
  const statements: string[] = [];
  let stopCounting: () => void = () => undefined;
  const today: WeekdayName = weekdayName(clock, ZONE);
  const otherDay: WeekdayName = weekdayName(new Date(clock.getTime() + 72 * HOUR), ZONE);

  beforeAll(async () => {
    // 400 places 50 m apart on a grid (more than the 300 sent as points: clusters), named by number.
    await database().query(sql`
      insert into locations (name, latitude, longitude, time_zone)
      select 'Spot ' || i, ${CENTRE.lat} + (i % 20) * 0.0005, ${CENTRE.lng} + (i / 20) * 0.0005, ${ZONE}
      from generate_series(0, 399) as i`);
    const [user] = await database().query<{ id: string }>(
      sql`insert into users (issuer, subject, user_name) values ('test', 'reporter', 'Reporter') returning id`,
    );
    const [other] = await database().query<{ id: string }>(
      sql`insert into users (issuer, subject, user_name) values ('test', 'confirmer', 'Confirmer') returning id`,
    );
    const at = clock.toISOString();
    // Spot 1: a public event today and two live conditions (one backed by two parents).
    // Spot 2: a private event today. Spot 3: a public event on another day.
    // Spot 4: a condition that ended an hour ago. Spot 5: one a parent said is over.
    // Spot 6: a condition that ends in 30 minutes (the clock moves past it below).
    // Spot 9: a report nobody backs any more (its only parent's account was deleted).
    await database().query(sql`
      insert into events (location_id, created_by_user_id, title, day_of_week, time, repeat_pattern, is_public)
      select id, ${user?.id}::uuid, 'Story time', case name when 'Spot 3' then ${otherDay} else ${today} end, '10:00', 'Week',
        name <> 'Spot 2'
      from locations where name in ('Spot 1', 'Spot 2', 'Spot 3')`);
    await database().query(sql`
      insert into condition_reports (location_id, kind, equipment, reported_at, last_confirmed_at, expires_at, cleared_at)
      select id, kind, equipment, ${at}::timestamptz - interval '3 hours', ${at}::timestamptz - make_interval(mins => minutes_ago),
        ${at}::timestamptz + make_interval(mins => ends_in), case when gone then ${at}::timestamptz end
      from locations
      join (values ('Spot 1', 'wet', null, 20, 120, false), ('Spot 1', 'broken', 'swing', 5, 600, false),
        ('Spot 4', 'busy', null, 200, -60, false), ('Spot 5', 'wet', null, 10, 120, true),
        ('Spot 6', 'busy', null, 1, 30, false), ('Spot 9', 'wet', null, 1, 120, false))
        as r(place, kind, equipment, minutes_ago, ends_in, gone)
        on r.place = locations.name`);
    await database().query(sql`
      insert into condition_confirmations (report_id, user_id, confirmed_at)
      select r.id, ${user?.id}::uuid, r.last_confirmed_at from condition_reports r
        join locations l on l.id = r.location_id where l.name <> 'Spot 9'
      union all
      select r.id, ${other?.id}::uuid, r.last_confirmed_at from condition_reports r
        join locations l on l.id = r.location_id where l.name = 'Spot 1' and r.kind = 'broken'`);

    const options = {
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
    };
    indexed = await buildApp({ ...options, mapIndex: { checkMs: 0 } });
    fromSql = await buildApp({ ...options, mapIndex: false });
    for (const app of [indexed, fromSql]) {
      // Fastify runs a request in a context of its own: the mark is set where it starts, and a
      // callback hook (not an async one) carries it into everything the request does next.
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.headers[COUNT_HEADER]) counted.enterWith(REQUEST_UNDER_TEST);
        done();
      });
    }
    await Promise.all([indexed.ready(), fromSql.ready()]);
    stopCounting = database().onStatement((statement) => {
      if (counted.getStore() === REQUEST_UNDER_TEST) statements.push(statement);
    });
  });
  afterAll(async () => {
    stopCounting();
    await indexed?.close();
    await fromSql?.close();
  });

  /** The answer, and every statement the request sent to the database. */
  async function read(
    app: FastifyInstance | undefined,
    url: string,
  ): Promise<{ body: unknown; sent: string[] }> {
    if (!app) throw new Error('app not built');
    statements.length = 0;
    const response = await app.inject({ method: 'GET', url, headers: { [COUNT_HEADER]: '1' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return { body: response.json(), sent: [...statements] };
  }

  const near = `lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=5&limit=50`;
  const reads = [
    `/api/locations/summaries?${near}`,
    `/api/locations/summaries?${near}&free=true&indoor=false`,
    `/api/locations/summaries?${near}&includeClosed=true&ageRange=2-5`,
    `/api/locations/summaries?${near}&cursor=`,
    // A box of a few places: points.
    `/api/locations/viewport?west=174.7599&south=-36.8501&east=174.7621&north=-36.8479&zoom=17`,
    // All 400 in view at a city zoom: clusters from the live grid.
    `/api/locations/viewport?west=174.75&south=-36.86&east=174.79&north=-36.82&zoom=13`,
    // The whole world: clusters from the cluster grid's cells.
    `/api/locations/viewport?west=-180&south=-85&east=180&north=85&zoom=2`,
  ];

  /**
   * Viewport points and clusters in one order (the SQL promises none), cluster centres to
   * 1e-9° (sums in another order differ in the last bits), as map-index.test.ts compares them.
   */
  const comparable = (body: unknown): unknown => {
    const viewport = body as Partial<Viewport>;
    if (!viewport.points) return body;
    return {
      ...viewport,
      points: [...viewport.points].sort((a, b) => a.id.localeCompare(b.id)),
      clusters: (viewport.clusters ?? [])
        .map((cluster) => `${cluster.count}@${cluster.latitude.toFixed(9)},${cluster.longitude.toFixed(9)}`)
        .sort(),
    };
  };

  it.each(reads)('%s sends no statement', async (url) => {
    if (url.endsWith('cursor=')) {
      // The second page, through the cursor of the first.
      const first = (await read(indexed, `/api/locations/summaries?${near}`)).body as {
        nextCursor: string | null;
      };
      url = `${url}${first.nextCursor ?? ''}`;
    }
    const { body, sent } = await read(indexed, url);
    expect(sent).toEqual([]);
    // The same request without the index does ask: the counter sees statements at all.
    const fromDatabase = await read(fromSql, url);
    expect(fromDatabase.sent.length).toBeGreaterThan(0);
    expect(comparable(body)).toEqual(comparable(fromDatabase.body));
    // The index's bytes skip the serializer: they keep to the published contract.
    const contract = url.includes('/viewport?') ? viewportResultSchema : placeSummaryListSchema;
    expect(contract.safeParse(body).error).toBeUndefined();
  });

  /** Spot n is where the grid puts it: the nearest place to its own position. */
  const spotUrl = (n: number) =>
    `/api/locations/summaries?lat=${CENTRE.lat + (n % 20) * 0.0005}&lng=${CENTRE.lng + Math.floor(n / 20) * 0.0005}&limit=1`;
  async function spot(app: FastifyInstance | undefined, n: number): Promise<Summary | undefined> {
    const { body, sent } = await read(app, spotUrl(n));
    if (app === indexed) expect(sent).toEqual([]);
    const [nearest] = (body as { items: Summary[] }).items;
    expect(nearest?.name).toBe(`Spot ${String(n)}`);
    return nearest;
  }

  it("carries today's public events and live conditions, newest confirmation first, as the SQL does", async () => {
    const spot1 = await spot(indexed, 1);
    expect(spot1?.hasEventToday).toBe(true);
    expect(spot1?.conditions?.map(({ kind, parents }) => [kind, parents])).toEqual([
      ['broken', 2],
      ['wet', 1],
    ]);
    // Private events and other days' events are not "today"; ended or unbacked conditions are gone.
    for (const n of [2, 3]) expect((await spot(indexed, n))?.hasEventToday).toBeUndefined();
    for (const n of [4, 5, 9]) expect((await spot(indexed, n))?.conditions).toBeUndefined();
    expect((await spot(indexed, 6))?.conditions?.map(({ kind }) => kind)).toEqual(['busy']);
    for (const n of [1, 2, 3, 4, 5, 6, 9]) expect(await spot(indexed, n)).toEqual(await spot(fromSql, n));
  });

  it('lets a condition end by its time alone, still without a statement', async () => {
    clock = new Date(clock.getTime() + 45 * 60_000);
    try {
      const spot6 = await spot(indexed, 6);
      expect(spot6?.conditions).toBeUndefined();
      expect(spot6).toEqual(await spot(fromSql, 6));
    } finally {
      clock = new Date(clock.getTime() - 45 * 60_000);
    }
  });

  /** A parent reports `kind` at the place named `name` now (for two hours); the index reads the feed. */
  async function reportNow(name: string, kind: string): Promise<void> {
    const at = clock.toISOString();
    await database().query(sql`
      with report as (
        insert into condition_reports (location_id, kind, reported_at, last_confirmed_at, expires_at)
        select id, ${kind}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz + interval '2 hours'
        from locations where name = ${name} returning id)
      insert into condition_confirmations (report_id, user_id, confirmed_at)
      select report.id, users.id, ${at}::timestamptz from report, users where users.subject = 'reporter'`);
    await indexed?.mapIndex?.catchUp();
  }

  it('shows a condition reported since, once the change feed has been read', async () => {
    await reportNow('Spot 7', 'ice_cream_van');
    const { body, sent } = await read(
      indexed,
      // Spot 7 alone in view.
      `/api/locations/viewport?west=174.7599&south=-36.8466&east=174.7601&north=-36.8464&zoom=18`,
    );
    expect(sent).toEqual([]);
    const spot7 = (body as Viewport).points.find((point) => point.name === 'Spot 7');
    expect(spot7?.conditions).toEqual(['ice_cream_van']);
  });

  it('answers a repeated viewport from its kept bytes, and a change of the map from the index', async () => {
    // Spot 8 alone in view (grid: 8 % 20 = 8 rows north of the centre, first column).
    const url = `/api/locations/viewport?west=174.7599&south=-36.8461&east=174.7601&north=-36.8459&zoom=18`;
    const answers = indexed?.mapIndex?.answers;
    const before = answers?.stats().hits ?? 0;
    const first = await read(indexed, url);
    const again = await read(indexed, url);
    expect(again.body).toEqual(first.body);
    expect(answers?.stats().hits).toBe(before + 1);
    expect((first.body as Viewport).points.map((point) => [point.name, point.conditions])).toEqual([
      ['Spot 8', undefined],
    ]);
    await reportNow('Spot 8', 'wet');
    const changed = await read(indexed, url);
    expect(changed.sent).toEqual([]);
    expect((changed.body as Viewport).points[0]?.conditions).toEqual(['wet']);
  });
});
