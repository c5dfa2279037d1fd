/**
 * "Open now" (issue 33) on both read paths: an app reading the map index and one reading SQL
 * (MAP_INDEX=off), on one database and one injected clock, asked at random instants (many
 * of them around daylight-saving changes) must keep exactly the places core's isOpenAt says
 * are open, the oracle, in each place's own zone.
 */
import { isOpenAt, parseOpeningHours } from '@playspot/core/opening-hours';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

/** Hours as OSM has them, malformed ones and a sunrise rule (unknown) among them. */
const HOURS = [
  'Mo-Fr 09:00-19:00',
  'Mo-Su 08:00-20:00',
  'Mo-Sa 08:00-20:00; Su 09:00-13:00, 15:00-20:00',
  'Th 13:00-19:00',
  'Mo-Su 08:00-19:00; Mo-Su 08:00-20:00',
  'Su 01:00-03:30',
  'Su 02:00-02:30',
  'Apr-Oct: Mo-Su 07:00-21:00; Nov-Mar: Mo-Su 08:00-17:00',
  '24/7',
  'Mo-Fr 22:00-02:00',
  'Mo-Su 10:00+',
  'sunrise-sunset',
  'Mo-Xy 09:00-19:00',
  'garbage!!',
  'yes',
];
const ZONES = ['Pacific/Auckland', 'Europe/Berlin', 'America/New_York'];

/** 3 × 15 schedules, 4 places each; and places without hours. */
const PLACES = Array.from({ length: HOURS.length * ZONES.length * 4 }, (_, i) => ({
  name: `Hours ${i}`,
  hours: HOURS[i % HOURS.length] ?? '',
  timeZone: ZONES[Math.floor(i / HOURS.length) % ZONES.length] ?? 'UTC',
  latitude: -36.9 + (i % 20) * 0.004,
  longitude: 174.7 + Math.floor(i / 20) * 0.005,
}));

const CHANGES = [
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-04-04T14:00:00Z',
  '2026-09-26T14:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
].map((iso) => Date.parse(iso));
const instant = fc.oneof(
  fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -90, max: 90 }))
    .map(([change, minutes]) => change + minutes * 60_000),
);

describeEachBackend('open now on both read paths', (database) => {
  let clock = new Date('2026-11-27T00:00:00Z');
  let indexed: FastifyInstance;
  let fromSql: FastifyInstance;
  let parent: SignedInTestUser;

  beforeAll(async () => {
    await database().query(sql`
      insert into locations (name, latitude, longitude, time_zone, facts)
      values ${sql.join(
        PLACES.map(
          (place) =>
            sql`(${place.name}, ${place.latitude}, ${place.longitude}, ${place.timeZone}, jsonb_build_object('opening_hours', ${place.hours}::text))`,
        ),
        sql`, `,
      )}`);
    await database().query(sql`
      insert into locations (name, latitude, longitude) values ('No hours A', -36.89, 174.71), ('No hours B', -36.88, 174.72)`);
    const options = {
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
    };
    indexed = await buildApp(options);
    fromSql = await buildApp({ ...options, mapIndex: false });
    parent = await signInAs(indexed, 'Hours_Parent');
  });
  afterAll(async () => {
    await indexed.close();
    await fromSql.close();
  });

  const ids = async (app: FastifyInstance, url: string): Promise<string[]> => {
    const response = await app.inject({ url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ items?: { id: string }[]; points?: { id: string }[] }>();
    return (body.items ?? body.points ?? []).map((item) => item.id).sort();
  };

  /** The oracle: the places core says are open at `now`, read straight from the table. */
  async function expectedOpen(now: Date): Promise<string[]> {
    const rows = await database().query<{ id: string; hours: string | null; time_zone: string }>(
      sql`select id, facts ->> 'opening_hours' as hours, time_zone from locations`,
    );
    return rows
      .filter((row) => row.hours !== null && isOpenAt(parseOpeningHours(row.hours), row.time_zone, now))
      .map((row) => row.id)
      .sort();
  }

  const near = '/api/locations/summaries?lat=-36.88&lng=174.72&radiusKm=50&limit=100&openNow=true';
  const box = '/api/locations/viewport?west=174.6&south=-37&east=174.9&north=-36.7&zoom=14&openNow=true';

  it('keeps exactly the places open at random instants, DST changes included, on the index and in SQL', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(instant, async (ms) => {
        clock = new Date(ms);
        const expected = await expectedOpen(clock);
        const [indexNear, sqlNear, indexBox, sqlBox] = await Promise.all([
          ids(indexed, near),
          ids(fromSql, near),
          ids(indexed, box),
          ids(fromSql, box),
        ]);
        expect(indexNear, clock.toISOString()).toEqual(expected);
        expect(sqlNear, clock.toISOString()).toEqual(expected);
        expect(indexBox, clock.toISOString()).toEqual(expected);
        expect(sqlBox, clock.toISOString()).toEqual(expected);
        compared++;
      }),
      { numRuns: 40 },
    );
    expect(compared).toBeGreaterThanOrEqual(40);
  }, 120_000);

  it('is open on a Friday afternoon in Berlin and closed that night (sanity of the fixture)', async () => {
    clock = new Date('2026-11-27T14:00:00Z'); // Fri 15:00 CET, Sat 03:00 NZDT, Fri 09:00 EST
    const open = await expectedOpen(clock);
    expect(open.length).toBeGreaterThan(0);
    clock = new Date('2026-11-27T23:30:00Z');
    expect(await expectedOpen(clock)).not.toEqual(open);
  });

  it('follows hours a parent gives through the facts, on both paths', async () => {
    clock = new Date('2026-11-27T10:00:00Z'); // Friday 11:00 in Lübeck
    const { id } = await addPlace(indexed, parent, {
      name: 'Parent hours',
      latitude: -36.87,
      longitude: 174.73,
    });
    // Added in Auckland: its zone is Pacific/Auckland, where it is Friday 23:00.
    const answer = await indexed.inject({
      method: 'PUT',
      url: `/api/locations/${id}/facts/opening_hours`,
      headers: parent.headers,
      payload: { value: 'Fr 22:00-24:00' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await indexed.mapIndex?.catchUp();
    expect(await ids(indexed, near)).toContain(id);
    expect(await ids(fromSql, near)).toContain(id);
    clock = new Date('2026-11-27T12:00:00Z'); // Saturday 01:00 in Auckland
    expect(await ids(indexed, near)).not.toContain(id);
    expect(await ids(fromSql, near)).not.toContain(id);
  });

  it('gives summaries the hours and zone to say "closes 19:00" by, the same on both paths', async () => {
    const url = '/api/locations/summaries?lat=-36.9&lng=174.7&radiusKm=1&limit=5';
    const [a, b] = await Promise.all([indexed.inject({ url }), fromSql.inject({ url })]);
    const items = a.json<{ items: { openingHours?: { value: string; timeZone: string } }[] }>().items;
    expect(items[0]?.openingHours).toEqual({ value: HOURS[0], timeZone: 'Pacific/Auckland' });
    expect(a.json()).toEqual(b.json());
  });

  it('refuses a malformed openNow with a 400 in the one error shape', async () => {
    for (const app of [indexed, fromSql]) {
      const response = await app.inject({ url: near.replace('openNow=true', 'openNow=maybe') });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', message: expect.any(String) as unknown },
      });
    }
  });
});
