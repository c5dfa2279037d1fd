/**
 * The server keeps its own copies of some rules (SQL filters, points on edits, who may edit an
 * imported place). A mutation check of the suite showed those copies could drift from core's
 * rules without a test noticing; these tests pin each one to core.
 */
import {
  AGE_RANGES,
  filterPlaces,
  MS_PER_HOUR,
  pointsForAction,
  RECENT_HOURS,
  type PlaceFilters,
} from '@playspot/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const PLACES = 60;

interface SeededPlace {
  id: string;
  latitude: number;
  longitude: number;
  ageRanges: string[];
  indoor: boolean | null;
  free: boolean | null;
  createdAt: Date;
  lastUpdatedAt: Date;
  votes: { up: number; down: number };
  visitCount: number;
  commentCount: number;
}

/** Places that sit on every boundary the filters have: ages, flags, recency, popularity. */
const placeArbitrary = fc.record({
  latitude: fc.double({ min: AUCKLAND.lat - 0.2, max: AUCKLAND.lat + 0.2, noNaN: true }),
  longitude: fc.double({ min: AUCKLAND.lng - 0.2, max: AUCKLAND.lng + 0.2, noNaN: true }),
  ageRanges: fc.subarray([...AGE_RANGES]),
  indoor: fc.constantFrom(true, false, null),
  free: fc.constantFrom(true, false, null),
  // Hours before NOW: on either side of RECENT_HOURS, and an old place edited recently.
  createdHoursAgo: fc.constantFrom(1, RECENT_HOURS - 1, RECENT_HOURS + 1, 2000),
  updatedHoursAgo: fc.constantFrom(0, RECENT_HOURS - 1, RECENT_HOURS + 1, 2000),
  up: fc.integer({ min: 0, max: 3 }),
  down: fc.integer({ min: 0, max: 3 }),
  visitCount: fc.integer({ min: 0, max: 3 }),
  commentCount: fc.integer({ min: 0, max: 2 }),
});

const filtersArbitrary: fc.Arbitrary<PlaceFilters & { radiusKm: number }> = fc.record({
  ageRange: fc.constantFrom(undefined, ...AGE_RANGES),
  indoor: fc.constantFrom(undefined, true, false),
  free: fc.constantFrom(undefined, true, false),
  recentlyAdded: fc.constantFrom(undefined, true, false),
  popular: fc.constantFrom(undefined, true, false),
  radiusKm: fc.constantFrom(5, 15, 50),
});

describeEachBackend('server rules agree with core', (database) => {
  let app: FastifyInstance;
  let member: SignedInTestUser;
  let moderator: SignedInTestUser;
  const seeded: SeededPlace[] = [];

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => NOW,
    });
    member = await signInAs(app, 'rules_member');
    moderator = await signInAs(app, 'rules_moderator');
    await setRole(database(), 'rules_moderator', 'moderator');
    const places = fc.sample(placeArbitrary, { numRuns: PLACES, seed: 20261123 });
    for (const [index, place] of places.entries()) {
      const createdAt = new Date(NOW.getTime() - place.createdHoursAgo * MS_PER_HOUR);
      // An edit never comes before the creation.
      const lastUpdatedAt = new Date(
        Math.max(createdAt.getTime(), NOW.getTime() - place.updatedHoursAgo * MS_PER_HOUR),
      );
      const [row] = await database().query<{ id: string }>(sql`
        insert into locations (name, latitude, longitude, age_ranges, indoor, free, created_at,
          last_updated_at, up_votes, down_votes, visit_count, comment_count, source, licence)
        values (${`Rule Park ${String(index)}`}, ${place.latitude}, ${place.longitude},
          ${`{${place.ageRanges.join(',')}}`}::text[], ${place.indoor}, ${place.free}, ${createdAt.toISOString()}::timestamptz,
          ${lastUpdatedAt.toISOString()}::timestamptz, ${place.up}, ${place.down}, ${place.visitCount},
          ${place.commentCount}, 'osm', 'ODbL-1.0')
        returning id`);
      if (!row) throw new Error('insert returned nothing');
      seeded.push({
        id: row.id,
        latitude: place.latitude,
        longitude: place.longitude,
        ageRanges: place.ageRanges,
        indoor: place.indoor,
        free: place.free,
        createdAt,
        lastUpdatedAt,
        votes: { up: place.up, down: place.down },
        visitCount: place.visitCount,
        commentCount: place.commentCount,
      });
    }
    // Rows written past the API reach the map index through the change feed, asynchronously
    // (on PostgreSQL a read can come before the notification does).
    await app.mapIndex?.catchUp();
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  async function idsFromApi(filters: PlaceFilters & { radiusKm: number }): Promise<string[]> {
    const query = new URLSearchParams({
      lat: String(AUCKLAND.lat),
      lng: String(AUCKLAND.lng),
      radiusKm: String(filters.radiusKm),
      limit: '200',
    });
    for (const key of ['ageRange', 'indoor', 'free', 'recentlyAdded', 'popular'] as const) {
      const value = filters[key];
      if (value !== undefined) query.set(key, String(value));
    }
    const response = await app.inject({ method: 'GET', url: `/api/locations?${query.toString()}` });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ items: { id: string }[] }>()
      .items.map((item) => item.id)
      .filter((id) => seeded.some((place) => place.id === id))
      .sort();
  }

  it("the list's SQL filters keep exactly the places core's matchesFilters keeps", async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, async (filters) => {
        const expected = filterPlaces(seeded, filters, NOW, AUCKLAND)
          .map((place) => place.id)
          .sort();
        expect(await idsFromApi(filters)).toEqual(expected);
      }),
      { numRuns: 40, seed: 20261123 },
    );
  }, 120_000);

  it('recently added includes an old place that was edited recently, and not an old untouched one', async () => {
    const editedLately = seeded.find(
      (place) =>
        NOW.getTime() - place.createdAt.getTime() > RECENT_HOURS * MS_PER_HOUR &&
        NOW.getTime() - place.lastUpdatedAt.getTime() < RECENT_HOURS * MS_PER_HOUR,
    );
    const untouched = seeded.find(
      (place) => NOW.getTime() - place.lastUpdatedAt.getTime() > RECENT_HOURS * MS_PER_HOUR,
    );
    if (!editedLately || !untouched) throw new Error('the seeded places lack the cases this test needs');
    const ids = await idsFromApi({ recentlyAdded: true, radiusKm: 50 });
    expect(ids).toContain(editedLately.id);
    expect(ids).not.toContain(untouched.id);
  });

  it('a description earns points once: when the place first gets one, not on later edits', async () => {
    const pointsOf = async () =>
      (await app.inject({ method: 'GET', url: '/api/me/points', headers: member.headers })).json<{
        points: number;
      }>().points;
    const { id } = await addPlace(app, member, { description: null });
    const edit = (description: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/locations/${id}`,
        headers: member.headers,
        payload: { description },
      });
    const before = await pointsOf();
    expect((await edit('Big slide and a sandpit')).statusCode).toBe(200);
    expect(await pointsOf()).toBe(before + pointsForAction('locationDescription'));
    expect((await edit('Big slide, a sandpit and shade at noon')).statusCode).toBe(200);
    expect(await pointsOf()).toBe(before + pointsForAction('locationDescription'));
  });

  it('an imported place (no owner) is edited by moderators only, not by any member', async () => {
    const imported = seeded[0];
    if (!imported) throw new Error('nothing seeded');
    const edit = (user: SignedInTestUser) =>
      app.inject({
        method: 'PATCH',
        url: `/api/locations/${imported.id}`,
        headers: user.headers,
        payload: { name: 'Renamed Park' },
      });
    expect((await edit(member)).statusCode).toBe(403);
    expect((await edit(moderator)).statusCode).toBe(200);
    const read = await app.inject({
      method: 'GET',
      url: `/api/locations/${imported.id}`,
      headers: member.headers,
    });
    expect(read.json<{ canEdit: boolean }>().canEdit).toBe(false);
  });
});
