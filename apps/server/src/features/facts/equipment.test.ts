/**
 * Play equipment (issue 33) from the Lübeck extract (test/fixtures/osm/luebeck-osm-geojson,
 * ODbL, see its SOURCE.md): `playground:<device>` tags and `playground=<device>` elements inside
 * a playground's outline become equipment facts, the importer says what it attached, parents
 * confirm or deny, and the map's equipment filter keeps exactly the places that have it.
 */
import { fileURLToPath } from 'node:url';
import type { PlaceEquipmentList } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { importRecords, openRecordFile, type ImportSummary } from '../import/index.ts';

const LUEBECK = fileURLToPath(
  new URL('../../../test/fixtures/osm/luebeck-osm-geojson/playgrounds.geojson', import.meta.url),
);

describeEachBackend('play equipment', (database) => {
  let app: FastifyInstance;
  let fromSql: FastifyInstance;
  let summary: ImportSummary;
  beforeAll(async () => {
    summary = await importRecords(database().db, (await openRecordFile(LUEBECK)).records, {
      dataset: { source: 'test', licence: null },
      prescan: (await openRecordFile(LUEBECK)).records,
    });
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    fromSql = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await fromSql.close();
  });

  const idOf = async (sourceId: string) => {
    const [row] = await database().query<{ id: string }>(
      sql`select id from locations where source_id = ${sourceId}`,
    );
    if (!row) throw new Error(`no place ${sourceId}`);
    return row.id;
  };
  const equipmentOf = async (id: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: `/api/locations/${id}/equipment`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlaceEquipmentList>().equipment;
  };

  it('reports what it attached: tagged playgrounds and the devices mapped inside their outlines', () => {
    // 6 public playgrounds carry playground:* tags with a swing among them; 3 device outlines
    // and 2 springy nodes lie inside playground outlines and are counted there, not added.
    expect(summary.devicesAttached).toBe(5);
    expect(summary.withEquipment).toBeGreaterThanOrEqual(5);
    expect(summary.equipmentByKind.swing).toBe(6);
    expect(summary.created).toBe(307 - 5);
  });

  it('shows a playground tagged with its equipment, credited to the import', async () => {
    const list = await equipmentOf(await idOf('osm:way/127300209'));
    expect(list.map((item) => item.kind)).toEqual([
      'swing',
      'slide',
      'sandpit',
      'climbing_frame',
      'play_structure',
      'springy',
      'roundabout',
      'water_play',
      'playhouse',
      'balance_beam',
      'horizontal_bar',
    ]);
    expect(list[0]).toMatchObject({ present: true, count: null, confirmedBy: 0, myAnswer: null });
    expect(list[0]?.imported).toMatchObject({ value: 'yes', source: 'osm' });
  });

  it('counts devices mapped inside the outline into the playground around them', async () => {
    const [around] = await database().query<{ source_id: string; facts: Record<string, string> }>(
      sql`select source_id, facts from locations where facts ? 'equipment:springy' and facts ->> 'equipment:springy' = '2'`,
    );
    expect(around?.facts['equipment:springy']).toBe('2');
    const devices = await database().query<{ n: number }>(
      sql`select count(*)::int as n from locations where source_id in ('osm:node/2587188503', 'osm:node/2587188506', 'osm:way/252682789')`,
    );
    expect(devices[0]?.n).toBe(0);
  });

  it('takes parents\' answers: "3 parents say there\'s a baby swing", and a denial', async () => {
    const id = await idOf('osm:way/142457147');
    expect((await equipmentOf(id)).some((item) => item.kind === 'baby_swing')).toBe(false);
    for (const name of ['Eq_Anna', 'Eq_Ben', 'Eq_Cleo']) {
      const parent = await signInAs(app, name);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/equipment/baby_swing`,
        headers: { ...parent.headers, ...SAME_ORIGIN },
        payload: { present: true },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const dora = await signInAs(app, 'Eq_Dora');
    const denial = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/equipment/slide`,
      headers: { ...dora.headers, ...SAME_ORIGIN },
      payload: { present: false },
    });
    // One parent against the import: parents' answers are what the page shows (as with facts), disputed.
    expect(denial.json()).toMatchObject({
      equipment: { kind: 'slide', present: false, confirmedBy: 1, disputed: true },
    });
    const list = await equipmentOf(id, dora.headers);
    expect(list.find((item) => item.kind === 'baby_swing')).toMatchObject({
      present: true,
      confirmedBy: 3,
      imported: null,
    });
    expect(list.find((item) => item.kind === 'slide')).toMatchObject({ myAnswer: 'no', disputed: true });
    // Both read paths now find it by its baby swing, and only places that have one.
    for (const reader of [app, fromSql]) {
      const found = await reader.inject({
        url: '/api/locations?lat=53.87&lng=10.69&radiusKm=30&limit=100&equipment=baby_swing',
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual([id]);
    }
    // Taking an answer back.
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${id}/equipment/slide`,
      headers: { ...dora.headers, ...SAME_ORIGIN },
    });
    expect(withdrawn.json()).toMatchObject({
      equipment: { present: true, contradictedBy: 0, disputed: false, myAnswer: null },
    });
  });

  it('filters by equipment on both read paths: exactly the places whose shown value is there', async () => {
    const expected = await database().query<{ id: string }>(
      sql`select id from locations where coalesce(facts ->> 'equipment:swing', 'no') <> 'no'
            and coalesce(facts ->> 'equipment:slide', 'no') <> 'no' order by id`,
    );
    expect(expected.length).toBeGreaterThan(2);
    for (const reader of [app, fromSql]) {
      const found = await reader.inject({
        url: '/api/locations?lat=53.87&lng=10.69&radiusKm=30&limit=100&equipment=slide,swing',
      });
      expect(
        found
          .json<{ items: { id: string }[] }>()
          .items.map((item) => item.id)
          .sort(),
      ).toEqual(expected.map((row) => row.id));
    }
  });

  it('refuses unknown kinds, bad answers and anonymous answers', async () => {
    const id = await idOf('osm:way/142457147');
    const unknown = await app.inject({ url: '/api/locations?equipment=unicorn' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: expect.any(String) as unknown } });
    const parent = await signInAs(app, 'Eq_Emil');
    for (const payload of [{ present: 'yes' }, { present: true, extra: 1 }, {}]) {
      const bad = await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/equipment/slide`,
        headers: { ...parent.headers, ...SAME_ORIGIN },
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badKind = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/equipment/unicorn`,
      headers: { ...parent.headers, ...SAME_ORIGIN },
      payload: { present: true },
    });
    expect(badKind.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/equipment/slide`,
      headers: SAME_ORIGIN,
      payload: { present: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await app.inject({
      url: '/api/locations/00000000-0000-4000-8000-000000000000/equipment',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the importer without a first reading', () => {
  it('keeps each record alone (no devices attached)', async () => {
    const summary = await importRecords(null, (await openRecordFile(LUEBECK)).records, {
      dataset: { source: 'test', licence: null },
      dryRun: true,
    });
    expect(summary.devicesAttached).toBe(0);
  });
});
