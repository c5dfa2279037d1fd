/**
 * Facts on the API (issue 18): two parents confirm and correct a fact, the counts and the
 * disputed state follow, points for a first answer only, bad input refused with the one error
 * shape, and the fact filters (fenced, toilets, wheelchair) answered alike by the map index
 * and by SQL.
 */
import type { FactAnswerResult, PlaceSummary, PlaceFact, PlaceFacts } from '@playspot/core';
import { pointsForAction } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

describeEachBackend('facts', (database) => {
  let app: FastifyInstance;
  /** The same database read without the map index: SQL answers every map query. */
  let sqlApp: FastifyInstance;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let place: string;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    sqlApp = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    mum = await signInAs(app, 'Mum_Facts');
    dad = await signInAs(app, 'Dad_Facts');
    place = (await addPlace(app, mum, { name: 'Fact Park' })).id;
  });
  afterAll(async () => {
    await sqlApp.close();
    await app.close();
  });

  const answer = (user: SignedInTestUser | null, id: string, key: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/facts/${key}`,
      headers: user?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });
  const answered = async (user: SignedInTestUser, id: string, key: string, value: string) => {
    const response = await answer(user, id, key, { value });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FactAnswerResult>().fact;
  };
  const withdraw = (user: SignedInTestUser, id: string, key: string) =>
    app.inject({ method: 'DELETE', url: `/api/locations/${id}/facts/${key}`, headers: user.headers });
  const factOf = async (
    user: SignedInTestUser | null,
    id: string,
    key: string,
  ): Promise<PlaceFact | undefined> => {
    const response = await app.inject({ url: `/api/locations/${id}/facts`, headers: user?.headers ?? {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlaceFacts>().facts.find((fact) => fact.key === key);
  };
  const pointsOf = async (user: SignedInTestUser) =>
    (await app.inject({ url: '/api/me/points', headers: user.headers })).json<{ points: number }>().points;

  describe('confirm and correct, as two parents', () => {
    it('one parent says it is fenced: confirmed by 1, their answer pressed, nobody else’s', async () => {
      const before = await pointsOf(mum);
      expect(await answered(mum, place, 'fenced', 'yes')).toMatchObject({
        key: 'fenced',
        value: 'yes',
        confirmedBy: 1,
        contradictedBy: 0,
        disputed: false,
        imported: null,
        myAnswer: 'yes',
      });
      expect(await pointsOf(mum)).toBe(before + pointsForAction('factAnswer'));
      const again = await answer(mum, place, 'fenced', { value: 'yes' });
      expect(again.json<FactAnswerResult>().reward).toBeNull();
      expect(await factOf(dad, place, 'fenced')).toMatchObject({ confirmedBy: 1, myAnswer: null });
      expect((await factOf(null, place, 'fenced'))?.lastConfirmedAt).toEqual(expect.any(String) as unknown);
    });

    it('a second parent says no: the newest answer shows, marked disputed for both', async () => {
      expect(await answered(dad, place, 'fenced', 'no')).toMatchObject({
        value: 'no',
        confirmedBy: 1,
        contradictedBy: 1,
        disputed: true,
        myAnswer: 'no',
      });
      expect(await factOf(mum, place, 'fenced')).toMatchObject({ disputed: true, myAnswer: 'yes' });
    });

    it('answering again changes the answer, not the count, and earns nothing more', async () => {
      const before = await pointsOf(mum);
      expect(await answered(mum, place, 'fenced', 'no')).toMatchObject({
        value: 'no',
        confirmedBy: 2,
        contradictedBy: 0,
        disputed: false,
      });
      expect(await pointsOf(mum)).toBe(before);
    });

    it('withdrawing takes the answer and its points back; twice is fine', async () => {
      const before = await pointsOf(dad);
      const response = await withdraw(dad, place, 'fenced');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<FactAnswerResult>().fact).toMatchObject({ confirmedBy: 1, myAnswer: null });
      expect(response.json<FactAnswerResult>().reward).toMatchObject({
        change: -pointsForAction('factAnswer'),
      });
      expect(await pointsOf(dad)).toBe(before - pointsForAction('factAnswer'));
      expect((await withdraw(dad, place, 'fenced')).statusCode).toBe(200);
      expect(await pointsOf(dad)).toBe(before - pointsForAction('factAnswer'));
      await withdraw(mum, place, 'fenced');
      expect(await factOf(null, place, 'fenced')).toBeUndefined();
    });

    it('counts every answer when parents answer at once (parallel on PostgreSQL)', async () => {
      const id = (await addPlace(app, mum, { name: 'Busy Facts Park' })).id;
      const parents = await Promise.all(
        ['Par_A', 'Par_B', 'Par_C', 'Par_D', 'Par_E'].map((name) => signInAs(app, name)),
      );
      const responses = await Promise.all(
        parents.map((parent, i) => answer(parent, id, 'shade', { value: i < 3 ? 'yes' : 'no' })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await factOf(null, id, 'shade')).toMatchObject({
        value: 'yes',
        confirmedBy: 3,
        contradictedBy: 2,
        disputed: true,
      });
    });
  });

  describe('verified by visits', () => {
    it('counts confirmations by parents who logged a visit here: "confirmed by 1 visitor this month"', async () => {
      const visited = (await addPlace(app, mum, { name: 'Visited Fact Park' })).id;
      expect((await answered(mum, visited, 'shade', 'yes'))?.verifiedThisMonth).toBe(0);
      const visit = await app.inject({
        method: 'POST',
        url: `/api/locations/${visited}/visits`,
        headers: dad.headers,
        payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 10 },
      });
      expect(visit.statusCode, visit.body).toBe(201);
      expect(await answered(dad, visited, 'shade', 'yes')).toMatchObject({
        confirmedBy: 2,
        verifiedThisMonth: 1,
      });
      // An answer given before the visit stays unverified; answering again after it counts.
      expect((await factOf(null, visited, 'shade'))?.verifiedThisMonth).toBe(1);
      // A tie shows the latest answer: the visitor's "no", backed by their visit…
      expect(await answered(dad, visited, 'shade', 'no')).toMatchObject({
        value: 'no',
        verifiedThisMonth: 1,
        disputed: true,
      });
      // …until mum, who has not logged a visit, answers again: her "yes" is not verified.
      expect(await answered(mum, visited, 'shade', 'yes')).toMatchObject({
        value: 'yes',
        verifiedThisMonth: 0,
      });
    });
  });

  describe('bad input', () => {
    it.each([
      ['a value the fact does not take', 'fenced', { value: 'maybe' }, 400, 'invalid_fact_value'],
      ['a choice that is not one', 'surface', { value: 'lava' }, 400, 'invalid_fact_value'],
      ['an age out of range', 'max_age', { value: '150' }, 400, 'invalid_fact_value'],
      ['an unknown fact', 'pool', { value: 'yes' }, 400, 'validation_failed'],
      ['an unknown field', 'fenced', { value: 'yes', userId: 'x' }, 400, 'validation_failed'],
      ['an empty value', 'fenced', { value: ' ' }, 400, 'validation_failed'],
      ['a value that is not text', 'fenced', { value: true }, 400, 'validation_failed'],
    ])('refuses %s', async (_label, key, payload, status, code) => {
      const response = await answer(mum, place, key, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ error: { code, message: expect.any(String) as unknown } });
    });

    it('refuses a place that is not there, a malformed id, and a signed-out answer', async () => {
      const missing = await answer(mum, '00000000-0000-4000-8000-000000000000', 'fenced', { value: 'yes' });
      expect(missing.statusCode).toBe(404);
      expect((await answer(mum, 'not-a-uuid', 'fenced', { value: 'yes' })).statusCode).toBe(400);
      const signedOut = await answer(null, place, 'fenced', { value: 'yes' });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({
        error: { code: 'unauthenticated', message: expect.any(String) as unknown },
      });
      expect(
        (await app.inject({ url: '/api/locations/00000000-0000-4000-8000-000000000000/facts' })).statusCode,
      ).toBe(404);
    });
  });

  describe('filters on facts', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      // Places 1–4 km east of the Auckland Domain, each with other facts.
      const facts: [string, Record<string, string>][] = [
        ['Fenced Ramp Park', { fenced: 'yes', wheelchair: 'yes' }],
        ['Fenced Only', { fenced: 'yes', wheelchair: 'limited' }],
        ['Toilet Park', { toilets: 'yes', changing_table: 'yes' }],
        ['Open Field', { fenced: 'no', changing_table: 'no' }],
      ];
      for (const [i, [name, answers]] of facts.entries()) {
        const id = (await addPlace(app, mum, { name, longitude: AUCKLAND.lng + (i + 1) / 90 })).id;
        ids[name] = id;
        for (const [key, value] of Object.entries(answers)) await answered(dad, id, key, value);
      }
      await app.mapIndex?.catchUp();
    });

    const names = async (target: FastifyInstance, has: string) => {
      const response = await target.inject({
        url: `/api/locations/summaries?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=10&limit=50${has}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ items: PlaceSummary[] }>()
        .items.filter((item) => Object.values(ids).includes(item.id))
        .map((item) => item.name);
    };

    it.each([
      ['fenced', ['Fenced Ramp Park', 'Fenced Only']],
      ['wheelchair', ['Fenced Ramp Park']],
      ['fenced,wheelchair', ['Fenced Ramp Park']],
      ['toilets', ['Toilet Park']],
      ['toilets,fenced', []],
      // "Right now" reads the nearest changing table from summaries (issue 33).
      ['changing_table', ['Toilet Park']],
      ['changing_table,toilets', ['Toilet Park']],
    ])(
      'has=%s keeps the places for which each holds, from the index and from SQL alike',
      async (has, expected) => {
        expect(await names(app, `&has=${has}`)).toEqual(expected);
        expect(await names(sqlApp, `&has=${has}`)).toEqual(expected);
      },
    );

    it('summaries say which facts hold, for markers and rows', async () => {
      const response = await app.inject({
        url: `/api/locations/summaries?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=10&limit=50`,
      });
      const byName = new Map(
        response.json<{ items: PlaceSummary[] }>().items.map((item) => [item.name, item]),
      );
      expect(byName.get('Fenced Ramp Park')?.facts).toEqual(['fenced', 'wheelchair']);
      expect(byName.get('Fenced Only')?.facts).toEqual(['fenced']);
      expect(byName.get('Toilet Park')?.facts).toEqual(['toilets', 'changing_table']);
      expect(byName.get('Open Field')?.facts).toBeUndefined();
      // The SQL read says the same.
      const fromSql = await sqlApp.inject({
        url: `/api/locations/summaries?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=10&limit=50`,
      });
      expect(
        fromSql.json<{ items: PlaceSummary[] }>().items.find((item) => item.name === 'Toilet Park')?.facts,
      ).toEqual(['toilets', 'changing_table']);
    });

    it('applies to the viewport and the list too, and refuses an unknown fact', async () => {
      const box = `west=${AUCKLAND.lng - 0.01}&south=${AUCKLAND.lat - 0.05}&east=${AUCKLAND.lng + 0.1}&north=${AUCKLAND.lat + 0.05}&zoom=13`;
      for (const target of [app, sqlApp]) {
        const viewport = await target.inject({ url: `/api/locations/viewport?${box}&has=fenced` });
        expect(viewport.statusCode, viewport.body).toBe(200);
        const pointIds = viewport.json<{ points: { id: string }[] }>().points.map((point) => point.id);
        expect(pointIds.filter((id) => Object.values(ids).includes(id)).sort()).toEqual(
          [ids['Fenced Ramp Park'], ids['Fenced Only']].sort(),
        );
        const list = await target.inject({
          url: `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=10&has=wheelchair`,
        });
        expect(list.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toEqual([
          'Fenced Ramp Park',
        ]);
      }
      const unknown = await app.inject({ url: `/api/locations/summaries?has=fenced,pool` });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        error: { code: 'validation_failed', message: expect.stringContaining('has') as unknown },
      });
    });
  });
});
