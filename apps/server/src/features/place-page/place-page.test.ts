/**
 * A place's page in one read (issue 42): each part is what its own read answers for the same
 * caller at that moment (a live condition and an equipment answer made just before included),
 * the landmark is the nearest named place, a missing place is 404 and a malformed id 400, on
 * both backends, with the map index and without it.
 */
import type { PlacePage } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const HERE = { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 15 };

describeEachBackend('a place page in one read', (database) => {
  let app: FastifyInstance;
  let sqlApp: FastifyInstance;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let place: string;

  const write = async (user: SignedInTestUser, method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await app.inject({ method, url, headers: { ...user.headers, ...SAME_ORIGIN }, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  const read = async (server: FastifyInstance, url: string, user: SignedInTestUser | null) => {
    const response = await server.inject({ url, headers: user?.headers ?? {} });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<unknown>();
  };

  beforeAll(async () => {
    const options = { database: database(), storage: testStorage(), auth: testAuthConfig() };
    app = await buildApp(options);
    sqlApp = await buildApp({ ...options, mapIndex: false });
    mum = await signInAs(app, 'Mum_PlacePage');
    dad = await signInAs(app, 'Dad_PlacePage');
    place = (await addPlace(app, mum, { name: 'Page Test Park', latitude: HERE.lat, longitude: HERE.lng }))
      .id;
    // A generic name nearer than the real one: the landmark skips it.
    await addPlace(app, mum, { name: 'Playground', latitude: HERE.lat + 0.0005, longitude: HERE.lng });
    await addPlace(app, mum, { name: 'Pukekawa Lawn', latitude: HERE.lat + 0.003, longitude: HERE.lng });
    await write(mum, 'PUT', `/api/locations/${place}/facts/fenced`, { value: 'yes' });
    await write(dad, 'PUT', `/api/locations/${place}/equipment/sandpit`, { present: true });
    await write(mum, 'POST', `/api/locations/${place}/visits`, HERE);
    await write(mum, 'POST', `/api/locations/${place}/conditions`, { kind: 'quiet' });
    await write(mum, 'POST', '/api/events', {
      locationId: place,
      title: 'Sandpit morning',
      dayOfWeek: 'Sunday',
      time: '10:00',
      repeatPattern: 'Week',
    });
    await write(dad, 'POST', `/api/locations/${place}/comments`, { text: 'Lovely shade in the afternoon.' });
  });
  afterAll(async () => {
    await sqlApp.close();
    await app.close();
  });

  describe.each([
    ['with the map index', () => app],
    ['without it (SQL)', () => sqlApp],
  ])('%s', (_label, server) => {
    it.each([
      ['signed out', () => null],
      ['signed in, with their own answers', () => mum],
    ])('holds what each separate read answers: %s', async (_who, caller) => {
      const base = `/api/locations/${place}`;
      const page = (await read(server(), `${base}/page`, caller())) as PlacePage;
      expect(page.place).toEqual(await read(server(), base, caller()));
      expect(page.facts).toEqual(await read(server(), `${base}/facts`, caller()));
      expect({ equipment: page.equipment }).toEqual(await read(server(), `${base}/equipment`, caller()));
      expect({ conditions: page.conditions }).toEqual(await read(server(), `${base}/conditions`, caller()));
      // "Starts in" counts whole minutes at each read: a minute may turn between the two.
      const events = (await read(server(), `${base}/events`, caller())) as { events: PlacePage['events'] };
      const startsIn = (list: PlacePage['events']) => list.map((event) => event.startsInMinutes);
      const withoutStartsIn = (list: PlacePage['events']) =>
        list.map(({ startsInMinutes: _startsIn, ...event }) => event);
      expect(withoutStartsIn(page.events)).toEqual(withoutStartsIn(events.events));
      startsIn(page.events).forEach((minutes, index) => {
        expect(Math.abs(minutes - (startsIn(events.events)[index] ?? -9))).toBeLessThanOrEqual(1);
      });
      // What was written a moment ago is there.
      expect(page.conditions.map((condition) => condition.kind)).toEqual(['quiet']);
      expect(page.equipment.find((item) => item.kind === 'sandpit')).toBeDefined();
      expect(page.events.map((event) => event.title)).toEqual(['Sandpit morning']);
      expect(page.place.comments?.map((comment) => comment.text)).toEqual(['Lovely shade in the afternoon.']);
      expect(page.landmark).toMatchObject({ name: 'Pukekawa Lawn' });
    });
  });

  it('reads the place once, and the answers its facts and equipment are made of once', async () => {
    const statements: string[] = [];
    const stopCounting = database().onStatement((statement) => statements.push(statement));
    try {
      await read(sqlApp, `/api/locations/${place}/page`, mum);
    } finally {
      stopCounting();
    }
    const existenceChecks = statements.filter((statement) =>
      /^select "id" from "locations" where "locations"."id" = \$1$/.test(statement.trim()),
    );
    expect(statements.length).toBeGreaterThan(5);
    expect(existenceChecks).toEqual([]);
    const reading = (table: string) =>
      statements.filter((statement) => statement.includes(`from "${table}"`));
    expect(reading('imported_facts')).toHaveLength(1);
    expect(reading('fact_answers')).toHaveLength(1);
  });

  it('answers 404 in the one error shape for a place that does not exist', async () => {
    const response = await app.inject({ url: '/api/locations/00000000-0000-4000-8000-000000000000/page' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) as unknown } });
  });

  it.each(['not-a-uuid', '1234', '%3Cscript%3E'])('refuses a malformed id (%s) with 400', async (id) => {
    const response = await app.inject({ url: `/api/locations/${id}/page` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: expect.any(String) as unknown, message: expect.any(String) as unknown },
    });
  });

  it('has no landmark when nothing named is near', async () => {
    const alone = (await addPlace(app, mum, { name: 'Lonely Swing', latitude: -37.5, longitude: 175.5 })).id;
    const page = (await read(app, `/api/locations/${alone}/page`, null)) as PlacePage;
    expect(page.landmark).toBeNull();
    expect(page.place.name).toBe('Lonely Swing');
  });
});
