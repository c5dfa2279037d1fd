import { placeSummaryListSchema, type PlaceSummary } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import { seedDemoDataIfEmpty } from '../import/index.ts';

/** Sunday 2026-03-29 10:05 in Auckland. */
const SUNDAY_MORNING_NZDT = new Date('2026-03-28T21:05:00Z');
const PAGE_SIZE = 50;
const NAMES = [
  'Kauri Glen Playground',
  'Victoria Park Adventure Playground',
  'Western Springs Lakeside Playground',
  'Cornwall Park Playground',
  'Grey Lynn Park Playground',
  'Monkey Business Indoor Play',
  'Coyle Park Playground',
  "Lollipop's Playland Auckland",
  'Myers Park Playground',
  'Dingle Dell Reserve Playground',
];
const AGE_RANGE_CHOICES = [['2-5'], ['0-2', '2-5'], ['5-12', '12+'], [], ['2-5', '5-12']] as const;

const listQuery = `lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=25&limit=${PAGE_SIZE}`;

/** Lübeck's old town, among the demo extract's 137 real OpenStreetMap playgrounds. */
const LUEBECK = { lat: 53.8655, lng: 10.6866 };

describeEachBackend('location summaries: size of a page', (database) => {
  let app: FastifyInstance;
  const query = `lat=${LUEBECK.lat}&lng=${LUEBECK.lng}&radiusKm=25&limit=${PAGE_SIZE}`;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    await seedDemoDataIfEmpty(database().db);
  });
  afterAll(async () => {
    await app.close();
  });

  async function pageSizes() {
    const summary = await app.inject({ url: `/api/locations/summaries?${query}` });
    const full = await app.inject({ url: `/api/locations?${query}` });
    expect(summary.statusCode).toBe(200);
    const page = placeSummaryListSchema.parse(summary.json());
    expect(page.items).toHaveLength(PAGE_SIZE);
    return { page, summaryBytes: summary.rawPayload.length, fullBytes: full.rawPayload.length };
  }

  it('is at most 10 KiB of JSON for 50 real places, under a third of the full shape', async () => {
    const { summaryBytes, fullBytes } = await pageSizes();
    expect(summaryBytes).toBeLessThanOrEqual(10 * 1024);
    expect(summaryBytes).toBeLessThan(fullBytes / 3);
  });

  it('stays about 10 KiB when a fifth of them have a photo (a thumbnail URL is the longest field)', async () => {
    const owner = await signInAs(app, 'Photographer');
    const before = await pageSizes();
    for (const [index, place] of before.page.items.entries()) {
      if (index % 5 === 0) await uploadPhoto(app, owner, `/api/locations/${place.id}/photos`);
    }
    const { page, summaryBytes, fullBytes } = await pageSizes();
    expect(page.items.filter((item) => item.thumbnailUrl !== undefined)).toHaveLength(PAGE_SIZE / 5);
    expect(summaryBytes).toBeLessThanOrEqual(10.5 * 1024);
    expect(summaryBytes).toBeLessThan(fullBytes / 3);
  });
});

describeEachBackend('location summaries (the map list)', (database) => {
  let app: FastifyInstance;
  let owner: SignedInTestUser;
  const ids: string[] = [];
  let thumbnailUrl = '';

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => SUNDAY_MORNING_NZDT,
    });
    owner = await signInAs(app, 'Summariser');
    // A full page of places, spread over a few kilometres, with long real-looking names.
    for (let index = 0; index < PAGE_SIZE + 5; index++) {
      const { id } = await addPlace(app, owner, {
        name: `${NAMES[index % NAMES.length] ?? 'Playground'} ${index}`,
        latitude: AUCKLAND.lat + (index % 8) * 0.004,
        longitude: AUCKLAND.lng + Math.floor(index / 8) * 0.005,
        ageRanges: [...(AGE_RANGE_CHOICES[index % AGE_RANGE_CHOICES.length] ?? [])],
        indoor: index % 5 === 0 ? true : index % 7 === 0 ? null : false,
        free: index % 3 !== 0,
        description: 'A long description that the list never shows. '.repeat(6),
      });
      ids.push(id);
    }
    const first = ids[0] ?? '';
    // A photo on every fifth place (the thumbnails' URLs are the longest field).
    for (const [index, id] of ids.entries()) {
      if (index % 5 !== 0) continue;
      const photo = await uploadPhoto(app, owner, `/api/locations/${id}/photos`);
      if (id === first) thumbnailUrl = photo.thumbnailUrl;
    }
    // A public event today at the first place; a private one at the second.
    for (const [locationId, isPublic] of [
      [first, true],
      [ids[1] ?? '', false],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: owner.headers,
        payload: {
          locationId,
          title: 'Sunday playgroup',
          dayOfWeek: 'Sunday',
          time: '10:00',
          repeatPattern: 'Week',
          isPublic,
        },
      });
      if (response.statusCode !== 201) throw new Error(`event: ${response.statusCode} ${response.body}`);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  async function summaries(query = listQuery, headers: Record<string, string> = {}) {
    const response = await app.inject({ url: `/api/locations/summaries?${query}`, headers });
    return response;
  }

  it('lists the same places in the same order as the full list, with the same cursor', async () => {
    const full = (await app.inject({ url: `/api/locations?${listQuery}` })).json<{
      items: { id: string; distanceKm: number; name: string; votes: unknown }[];
      nextCursor: string | null;
    }>();
    const page = placeSummaryListSchema.parse((await summaries()).json());
    expect(page.items.map((item) => item.id)).toEqual(full.items.map((item) => item.id));
    expect(page.nextCursor).toBe(full.nextCursor);
    expect(page.nextCursor).not.toBeNull();
    for (const [index, item] of page.items.entries()) {
      expect(item.distanceKm).toBeCloseTo(full.items[index]?.distanceKm ?? -1, 3);
    }

    const next = placeSummaryListSchema.parse(
      (await summaries(`${listQuery}&cursor=${page.nextCursor ?? ''}`)).json(),
    );
    expect(next.items).toHaveLength(5);
  });

  it('carries what the list shows: chips, votes, the first photo thumbnail, today’s public event', async () => {
    const page = placeSummaryListSchema.parse((await summaries()).json());
    const byId = new Map(page.items.map((item) => [item.id, item]));
    const first = byId.get(ids[0] ?? '');
    expect(first).toMatchObject<Partial<PlaceSummary>>({
      name: 'Kauri Glen Playground 0',
      indoor: true,
      free: false,
      ageRanges: ['2-5'],
      upVotes: 0,
      thumbnailUrl,
      hasEventToday: true,
    });
    // A private event does not mark the place for everyone.
    const second = byId.get(ids[1] ?? '');
    expect(second).toBeDefined();
    expect(second).not.toHaveProperty('hasEventToday');
    expect(second).not.toHaveProperty('thumbnailUrl');
    // Distances to the metre.
    for (const item of page.items) expect(Number((item.distanceKm ?? 0).toFixed(3))).toBe(item.distanceKm);
  });

  it('applies the filters on the server', async () => {
    const page = placeSummaryListSchema.parse(
      (await summaries(`${listQuery}&indoor=true&free=false`)).json(),
    );
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item).toMatchObject({ indoor: true, free: false });
  });

  it('is the same for a signed-in person (no own votes in a summary)', async () => {
    const anonymous = await summaries();
    const signedIn = await summaries(listQuery, owner.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
    expect(signedIn.body).not.toContain('myVote');
  });

  it('gives signed-out readers an ETag and answers 304 to a repeat', async () => {
    const first = await summaries();
    const tag = String(first.headers.etag);
    const again = await summaries(listQuery, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['an unknown parameter', `${listQuery}&shape=full`],
    ['a radius without a centre', 'radiusKm=5'],
    ['a latitude out of range', 'lat=100&lng=0'],
    ['a page too large', listQuery.replace(`limit=${PAGE_SIZE}`, 'limit=100000')],
    ['a malformed cursor', `${listQuery}&cursor=%00%01`],
  ])('refuses %s with 400 in the one error shape', async (_case, query) => {
    const response = await summaries(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });
});
