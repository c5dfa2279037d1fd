/**
 * Maintenance areas and defects on the API (issue 48), without sending (delivery.test.ts sends):
 * admins add areas (drawn or imported, bad outlines refused), a place in an area names its
 * maintainer, a broken report becomes one defect when a second parent confirms it or one
 * visitor has a photo, maintainers (only theirs) answer "fixed" — which ends the reports and
 * shows "Fixed" to the reporters — or "not a defect"; parents contradicting a fix within 48 h
 * reopen it. Every route refuses bad input and the wrong roles in the one error shape.
 */
import type { AreaDefects, Areas, Defect, MyFixes, PlaceConditions, PlacePage } from '@playspot/core';
import { MS_PER_HOUR } from '@playspot/core';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { addArea, reportBroken, squareAround } from '../../../test/maintenance-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';

/** About 55 km south: in no area. */
const OUTSIDE = { lat: AUCKLAND.lat - 0.5, lng: AUCKLAND.lng };
const AREA_NAME = 'Auckland Council, Parks';

describeEachBackend('maintenance areas and defects', (database) => {
  let clock = new Date('2026-11-24T09:00:00Z');
  let app: FastifyInstance;
  let admin: SignedInTestUser;
  let keeper: SignedInTestUser;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;
  let gran: SignedInTestUser;
  let stranger: SignedInTestUser;
  let areaId = '';

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
      findFaces: () => Promise.resolve([]),
    });
    admin = await signInAs(app, 'Admin_Areas');
    keeper = await signInAs(app, 'Keeper_Areas');
    mum = await signInAs(app, 'Mum_Areas');
    dad = await signInAs(app, 'Dad_Areas');
    gran = await signInAs(app, 'Gran_Areas');
    stranger = await signInAs(app, 'Stranger_Areas');
    await setRole(database(), 'Admin_Areas', 'admin');
    const area = await addArea(app, admin, {
      name: AREA_NAME,
      email: 'parks@council.example',
      open311: {
        endpoint: 'https://open311.council.example/v2',
        serviceCode: 'playground',
        apiKey: 'secret',
      },
      boundary: squareAround(AUCKLAND, 0.05),
    });
    areaId = area.id;
    const added = await app.inject({
      method: 'POST',
      url: `/api/admin/areas/${areaId}/maintainers`,
      headers: admin.headers,
      payload: { userName: 'keeper_areas' },
    });
    expect(added.statusCode, added.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const newPlace = async (name: string, at = AUCKLAND) => ({
    id: (await addPlace(app, mum, { name, latitude: at.lat, longitude: at.lng })).id,
    at,
  });
  const get = (url: string, user: SignedInTestUser | null) =>
    app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const defectsOf = async (user: SignedInTestUser = keeper) => {
    const response = await get(`/api/maintenance/areas/${areaId}/defects`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AreaDefects>().defects;
  };
  const defectAt = async (placeId: string, equipment = 'swing') =>
    (await defectsOf()).filter((defect) => defect.place.id === placeId && defect.equipment === equipment);
  const answer = (user: SignedInTestUser, defectId: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/maintenance/defects/${defectId}/answer`,
      headers: user.headers,
      payload: payload as Record<string, unknown>,
    });
  const pageOf = async (placeId: string, user: SignedInTestUser | null = null) => {
    const response = await get(`/api/locations/${placeId}/page`, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlacePage>();
  };

  describe('areas', () => {
    it('admins list areas with contacts and maintainers; an API key is never answered back', async () => {
      const response = await get('/api/admin/areas', admin);
      expect(response.statusCode).toBe(200);
      const [area] = response.json<Areas>().areas;
      expect(area).toMatchObject({
        name: AREA_NAME,
        email: 'parks@council.example',
        open311: {
          endpoint: 'https://open311.council.example/v2',
          serviceCode: 'playground',
          hasApiKey: true,
        },
        maintainers: ['Keeper_Areas'],
      });
      expect(response.body).not.toContain('secret');
    });

    it.each([
      ['signed out', null, 401],
      ['a parent', 'mum', 403],
      ['a maintainer', 'keeper', 403],
    ])('%s may not list or add areas (%d)', async (_who, who, status) => {
      const user = who === 'mum' ? mum : who === 'keeper' ? keeper : null;
      expect((await get('/api/admin/areas', user)).statusCode).toBe(status);
      const add = await app.inject({
        method: 'POST',
        url: '/api/admin/areas',
        headers: user?.headers ?? {},
        payload: { name: 'Mine', email: 'a@b.example', boundary: squareAround(OUTSIDE) },
      });
      expect(add.statusCode).toBe(status);
    });

    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    it.each([
      ['no way to reach it', { name: 'X', boundary: squareAround(OUTSIDE) }, 'validation_failed'],
      [
        'an open ring',
        {
          name: 'X',
          email: 'a@b.example',
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          },
        },
        'validation_failed',
      ],
      ['a ring crossing itself', { name: 'X', email: 'a@b.example', boundary: bowtie }, 'invalid_area'],
      [
        'an unknown field',
        { name: 'X', email: 'a@b.example', boundary: squareAround(OUTSIDE), colour: 'red' },
        'validation_failed',
      ],
      [
        'a bad e-mail',
        { name: 'X', email: 'not an address', boundary: squareAround(OUTSIDE) },
        'validation_failed',
      ],
      [
        'an endpoint that is no URL',
        { name: 'X', open311: { endpoint: 'ftp://x', serviceCode: 'p' }, boundary: squareAround(OUTSIDE) },
        'validation_failed',
      ],
    ])('refuses %s with 400 in the one error shape', async (_name, payload, code) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/areas',
        headers: admin.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ error: { code: string; message: string } }>().error.code).toBe(code);
    });

    it('an import adds every area of the file, or none when one cannot be an area', async () => {
      const feature = (
        name: string,
        properties: Record<string, unknown>,
        geometry: unknown = squareAround(OUTSIDE, 0.001),
      ) => ({
        type: 'Feature',
        geometry,
        properties: { name, ...properties },
      });
      const importAreas = (features: unknown[]) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/areas/import',
          headers: admin.headers,
          payload: { type: 'FeatureCollection', features },
        });
      const bad = await importAreas([
        feature('Good', { email: 'g@x.example' }),
        feature('Crossed', { email: 'c@x.example' }, bowtie),
      ]);
      expect(bad.statusCode, bad.body).toBe(400);
      const names = async () =>
        (await get('/api/admin/areas', admin)).json<Areas>().areas.map((area) => area.name);
      expect(await names()).not.toContain('Good');
      const good = await importAreas([
        feature('Imported A', { email: 'a@x.example', council_ref: 'P-17' }),
        feature('Imported B', { open311_endpoint: 'https://o.example/v2', open311_service_code: 'play' }),
      ]);
      expect(good.statusCode, good.body).toBe(201);
      expect(
        good
          .json<Areas>()
          .areas.map((area) => area.name)
          .sort(),
      ).toEqual(['Imported A', 'Imported B']);
      for (const area of good.json<Areas>().areas) {
        const removed = await app.inject({
          method: 'DELETE',
          url: `/api/admin/areas/${area.id}`,
          headers: admin.headers,
        });
        expect(removed.statusCode).toBe(200);
      }
      expect(await names()).toEqual([AREA_NAME]);
    });

    it('a place inside an area names who maintains it; one outside names no one', async () => {
      const inside = await newPlace('Maintained Park');
      const outside = await newPlace('Wild Park', OUTSIDE);
      expect((await pageOf(inside.id)).maintenance).toEqual({ maintainedBy: { name: AREA_NAME }, fixes: [] });
      expect((await pageOf(outside.id)).maintenance).toEqual({ maintainedBy: null, fixes: [] });
    });

    it('maintainers: unknown people and areas are 404, adding twice is one', async () => {
      const unknownPerson = await app.inject({
        method: 'POST',
        url: `/api/admin/areas/${areaId}/maintainers`,
        headers: admin.headers,
        payload: { userName: 'nobody_here' },
      });
      expect(unknownPerson.statusCode).toBe(404);
      const unknownArea = await app.inject({
        method: 'POST',
        url: '/api/admin/areas/00000000-0000-4000-8000-000000000000/maintainers',
        headers: admin.headers,
        payload: { userName: 'Keeper_Areas' },
      });
      expect(unknownArea.statusCode).toBe(404);
      const twice = await app.inject({
        method: 'POST',
        url: `/api/admin/areas/${areaId}/maintainers`,
        headers: admin.headers,
        payload: { userName: 'Keeper_Areas' },
      });
      expect(twice.json<{ maintainers: string[] }>().maintainers).toEqual(['Keeper_Areas']);
    });
  });

  describe('defects', () => {
    it('one parent waits; a second makes one defect; a third adds to it', async () => {
      const place = await newPlace('Swing Park');
      await reportBroken(app, mum, place);
      expect(await defectAt(place.id)).toEqual([]);
      await reportBroken(app, dad, place);
      expect(await defectAt(place.id)).toHaveLength(1);
      await reportBroken(app, gran, place);
      const [defect] = await defectAt(place.id);
      expect(defect).toMatchObject({
        state: 'open',
        parents: 3,
        reopened: false,
        delivery: { state: 'pending' },
      });
      // Nothing about who reported it.
      expect(JSON.stringify(defect)).not.toMatch(/Mum_Areas|Dad_Areas|Gran_Areas|userId/u);
    });

    it('one visit-verified parent with a photo makes a defect at once, its photo linked', async () => {
      const place = await newPlace('Photo Park');
      await uploadPhoto(app, mum, `/api/locations/${place.id}/photos`);
      await reportBroken(app, mum, place, 'slide');
      const [defect] = await defectAt(place.id, 'slide');
      expect(defect?.parents).toBe(1);
      expect(defect?.photos).toHaveLength(1);
      expect(defect?.photos[0]?.url).toMatch(/^http:\/\/localhost:3000\//u);
    });

    it('outside every area nothing is made (the reports stay as before)', async () => {
      const place = await newPlace('Lonely Park', OUTSIDE);
      await reportBroken(app, mum, place);
      await reportBroken(app, dad, place);
      const deliveries = await get('/api/admin/deliveries', admin);
      expect(deliveries.body).not.toContain(place.id);
    });

    it('only the area’s maintainers and admins see its defects; 404 for no such area', async () => {
      expect((await get(`/api/maintenance/areas/${areaId}/defects`, stranger)).statusCode).toBe(403);
      expect((await get(`/api/maintenance/areas/${areaId}/defects`, null)).statusCode).toBe(401);
      expect((await get(`/api/maintenance/areas/${areaId}/defects`, admin)).statusCode).toBe(200);
      expect(
        (await get('/api/maintenance/areas/00000000-0000-4000-8000-000000000000/defects', keeper)).statusCode,
      ).toBe(404);
      expect((await get('/api/maintenance/areas/not-a-uuid/defects', keeper)).statusCode).toBe(400);
      const mine = await get('/api/maintenance/areas', keeper);
      expect(mine.json<{ areas: { name: string }[] }>().areas.map((area) => area.name)).toEqual([AREA_NAME]);
      const none = await get('/api/maintenance/areas', stranger);
      expect(none.json<{ areas: unknown[] }>().areas).toEqual([]);
    });

    it('a CSV of the open defects for the maintainer, cells made inert', async () => {
      const place = await newPlace('=HYPERLINK("x") Park');
      await reportBroken(app, mum, place, 'seesaw');
      await reportBroken(app, dad, place, 'seesaw');
      const response = await get(`/api/maintenance/areas/${areaId}/defects.csv`, keeper);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parseCsv<Record<string, string>>(response.body, { columns: true });
      const row = rows.find((candidate) => candidate.place_id === place.id);
      expect(row).toMatchObject({ equipment: 'seesaw', parents: '2', place: '\'=HYPERLINK("x") Park' });
      expect((await get(`/api/maintenance/areas/${areaId}/defects.csv`, stranger)).statusCode).toBe(403);
    });

    it('"fixed" ends the reports; the reporters see it on the place and in their activity', async () => {
      const place = await newPlace('Fixed Park');
      await reportBroken(app, mum, place);
      await reportBroken(app, dad, place);
      const [defect] = await defectAt(place.id);
      if (!defect) throw new Error('no defect');
      expect((await answer(stranger, defect.id, { answer: 'fixed' })).statusCode).toBe(403);
      expect((await answer(keeper, defect.id, { answer: 'mended' })).statusCode).toBe(400);
      expect((await answer(keeper, defect.id, { answer: 'fixed', extra: 1 })).statusCode).toBe(400);
      expect(
        (await answer(keeper, '00000000-0000-4000-8000-000000000000', { answer: 'fixed' })).statusCode,
      ).toBe(404);
      const fixed = await answer(keeper, defect.id, { answer: 'fixed' });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json<Defect>()).toMatchObject({ state: 'fixed', resolvedAt: clock.toISOString() });
      const conditions = (await get(`/api/locations/${place.id}/conditions`, null)).json<PlaceConditions>();
      expect(conditions.conditions.filter((condition) => condition.kind === 'broken')).toEqual([]);
      expect((await pageOf(place.id, mum)).maintenance.fixes).toEqual([
        { equipment: 'swing', fixedAt: clock.toISOString(), areaName: AREA_NAME },
      ]);
      const mine = (await get('/api/me/fixes', mum)).json<MyFixes>().fixes;
      expect(mine).toContainEqual({
        equipment: 'swing',
        fixedAt: clock.toISOString(),
        areaName: AREA_NAME,
        place: { id: place.id, name: 'Fixed Park' },
      });
      expect((await get('/api/me/fixes', stranger)).json<MyFixes>().fixes).toEqual([]);
      expect((await get('/api/me/fixes', null)).statusCode).toBe(401);
      // No longer on the maintainer's list; a second "fixed" changes nothing.
      expect(await defectAt(place.id)).toEqual([]);
      expect((await answer(keeper, defect.id, { answer: 'fixed' })).json<Defect>().resolvedAt).toBe(
        clock.toISOString(),
      );
    });

    it('a "fixed" contradicted within 48 h reopens the defect; after 48 h a new one is made', async () => {
      const place = await newPlace('Stubborn Park');
      await reportBroken(app, mum, place);
      await reportBroken(app, dad, place);
      const [first] = await defectAt(place.id);
      if (!first) throw new Error('no defect');
      await answer(keeper, first.id, { answer: 'fixed' });
      later(MS_PER_HOUR);
      await reportBroken(app, gran, place);
      const [reopened] = await defectAt(place.id);
      // Open again, and to be sent again (a new message: "Broken again").
      expect(reopened).toMatchObject({
        id: first.id,
        state: 'open',
        reopened: true,
        delivery: { state: 'pending' },
      });
      await answer(keeper, first.id, { answer: 'fixed' });
      later(49 * MS_PER_HOUR);
      await reportBroken(app, gran, place);
      expect(await defectAt(place.id)).toEqual([]);
      await reportBroken(app, mum, place);
      const [fresh] = await defectAt(place.id);
      expect(fresh?.id).not.toBe(first.id);
      expect(fresh?.reopened).toBe(false);
    });

    it('"not a defect" ends the reports without a fix to show', async () => {
      const place = await newPlace('Fine Park');
      await reportBroken(app, mum, place, 'gate_or_fence');
      await reportBroken(app, dad, place, 'gate_or_fence');
      const [defect] = await defectAt(place.id, 'gate_or_fence');
      if (!defect) throw new Error('no defect');
      const response = await answer(keeper, defect.id, { answer: 'not_defect' });
      expect(response.json<Defect>().state).toBe('not_defect');
      expect((await pageOf(place.id)).maintenance.fixes).toEqual([]);
      const conditions = (await get(`/api/locations/${place.id}/conditions`, null)).json<PlaceConditions>();
      expect(conditions.conditions).toEqual([]);
    });

    it('admins see deliveries by state; others may not', async () => {
      const pending = await get('/api/admin/deliveries?state=pending', admin);
      expect(pending.statusCode).toBe(200);
      expect(pending.json<{ deliveries: unknown[] }>().deliveries.length).toBeGreaterThan(0);
      expect((await get('/api/admin/deliveries?state=lost', admin)).statusCode).toBe(400);
      expect((await get('/api/admin/deliveries', keeper)).statusCode).toBe(403);
    });

    it('admins remove a maintainer, who then sees nothing', async () => {
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/admin/areas/${areaId}/maintainers/Keeper_Areas`,
        headers: admin.headers,
      });
      expect(removed.json<{ maintainers: string[] }>().maintainers).toEqual([]);
      expect((await get(`/api/maintenance/areas/${areaId}/defects`, keeper)).statusCode).toBe(403);
      const again = await app.inject({
        method: 'DELETE',
        url: `/api/admin/areas/${areaId}/maintainers/Keeper_Areas`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
    });
  });
});
