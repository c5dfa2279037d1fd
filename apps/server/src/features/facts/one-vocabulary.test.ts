/**
 * One vocabulary for what a place has (issue 49): a baby swing, water play and a sandpit are
 * equipment kinds only, never facts as well. One answer feeds the filters (`has=baby_swing`,
 * `equipment=…`) and the page's equipment; migration 0030 moved the fact answers and imports
 * the places already had to the equipment kind, so each filter finds a place that had only
 * the other kind's answer.
 */
import { readFile } from 'node:fs/promises';
import {
  MERGED_FACTS,
  shownEquipment,
  shownFacts,
  type PlaceSummary,
  type PlaceEquipmentList,
  type PlaceFacts,
} from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { migrationsFolder } from '../../db/migrations-folder.ts';

const MIGRATION = `${migrationsFolder}/0030_one_vocabulary.sql`;

describe('migration 0030', () => {
  it('moves exactly core MERGED_FACTS', async () => {
    const text = await readFile(MIGRATION, 'utf8');
    const rows = [...text.matchAll(/^\t\('([^']+)', '([^']+)'\),?$/gmu)].map(([, fact, key]) => [fact, key]);
    expect(rows).toEqual(Object.entries(MERGED_FACTS).map(([fact, kind]) => [fact, `equipment:${kind}`]));
  });
});

describeEachBackend('one vocabulary for what a place has', (database) => {
  let app: FastifyInstance;
  let sqlApp: FastifyInstance;
  let mum: SignedInTestUser;
  let dad: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    sqlApp = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    mum = await signInAs(app, 'Mum_Vocab');
    dad = await signInAs(app, 'Dad_Vocab');
  });
  afterAll(async () => {
    await sqlApp.close();
    await app.close();
  });

  /** The names each read path finds near `lng` with `query` (viewport and summaries). */
  const found = async (lng: number, query: string) => {
    await app.mapIndex?.catchUp();
    const names: string[][] = [];
    for (const target of [app, sqlApp]) {
      const box = `west=${lng - 0.01}&south=${AUCKLAND.lat - 0.01}&east=${lng + 0.01}&north=${AUCKLAND.lat + 0.01}&zoom=15`;
      const viewport = await target.inject({ url: `/api/locations/viewport?${box}&${query}` });
      expect(viewport.statusCode, viewport.body).toBe(200);
      names.push(
        viewport
          .json<{ points: { name: string }[] }>()
          .points.map((point) => point.name)
          .sort(),
      );
      const summaries = await target.inject({
        url: `/api/locations/summaries?lat=${AUCKLAND.lat}&lng=${lng}&radiusKm=1&limit=50&${query}`,
      });
      expect(summaries.statusCode, summaries.body).toBe(200);
      names.push(
        summaries
          .json<{ items: PlaceSummary[] }>()
          .items.map((item) => item.name)
          .sort(),
      );
    }
    return names;
  };
  const everywhere = (names: string[]) => [names, names, names, names];

  it('the Baby swing filter finds a place whose only answer is the equipment one', async () => {
    const lng = AUCKLAND.lng + 0.41;
    const { id } = await addPlace(app, mum, { name: 'Swing Only Park', longitude: lng, tags: [] });
    await addPlace(app, mum, { name: 'No Swing Park', longitude: lng + 0.001, tags: [] });
    const answer = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/equipment/baby_swing`,
      headers: { ...dad.headers, ...SAME_ORIGIN },
      payload: { present: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await found(lng, 'has=baby_swing')).toEqual(everywhere(['Swing Only Park']));
    expect(await found(lng, 'equipment=baby_swing')).toEqual(everywhere(['Swing Only Park']));
  });

  it('a tag that names one ("Baby swing", "Sandkasten") is its author’s equipment answer', async () => {
    const lng = AUCKLAND.lng + 0.43;
    const { id } = await addPlace(app, mum, {
      name: 'Tagged Swing Park',
      longitude: lng,
      tags: ['Baby swing', 'Sandkasten', 'picnic tables'],
    });
    const equipment = await app.inject({ url: `/api/locations/${id}/equipment`, headers: mum.headers });
    expect(
      equipment.json<PlaceEquipmentList>().equipment.map((item) => [item.kind, item.present, item.myAnswer]),
    ).toEqual([
      ['baby_swing', true, 'yes'],
      ['sandpit', true, 'yes'],
    ]);
    const facts = await app.inject({ url: `/api/locations/${id}/facts` });
    expect(facts.json<PlaceFacts>().facts).toEqual([]);
    expect(await found(lng, 'has=baby_swing&equipment=sandpit')).toEqual(everywhere(['Tagged Swing Park']));
  });

  it('migration 0030: fact answers and imports become the equipment kind’s, none lost', async () => {
    const db = database();
    const lng = AUCKLAND.lng + 0.45;
    const place = async (name: string, offset: number) =>
      (await addPlace(app, mum, { name, longitude: lng + offset, tags: [] })).id;
    const swing = await place('Old Swing Fact', 0);
    const water = await place('Old Water Import', 0.001);
    const sand = await place('Old Sand Both', 0.002);
    const counted = await place('Old Counted Sandpit', 0.003);
    const [mumRow] = await db.query<{ id: string }>(sql`select id from users where user_name = 'Mum_Vocab'`);
    const [dadRow] = await db.query<{ id: string }>(sql`select id from users where user_name = 'Dad_Vocab'`);
    // As before issue 49: the facts baby_swing, water_play and sand beside the equipment kinds.
    await db.query(sql`insert into fact_answers (location_id, key, user_id, value, answered_at) values
      (${swing}, 'baby_swing', ${mumRow?.id}, 'yes', '2026-01-01'),
      (${sand}, 'sand', ${mumRow?.id}, 'yes', '2026-03-01'),
      (${sand}, 'equipment:sandpit', ${mumRow?.id}, 'no', '2026-02-01'),
      (${sand}, 'sand', ${dadRow?.id}, 'yes', '2026-01-01'),
      (${counted}, 'sand', ${dadRow?.id}, 'no', '2026-01-01'),
      (${counted}, 'equipment:sandpit', ${dadRow?.id}, 'yes', '2026-02-01')`);
    await db.query(sql`insert into imported_facts (location_id, key, value, source, licence) values
      (${water}, 'water_play', 'yes', 'OpenStreetMap', 'ODbL-1.0'),
      (${water}, 'fenced', 'yes', 'OpenStreetMap', 'ODbL-1.0'),
      (${counted}, 'sand', 'yes', 'OpenStreetMap', 'ODbL-1.0'),
      (${counted}, 'equipment:sandpit', '3', 'OpenStreetMap', 'ODbL-1.0')`);
    await db.query(sql`update locations set facts = case id
        when ${swing} then '{"baby_swing":"yes"}'::jsonb
        when ${water} then '{"water_play":"yes","fenced":"yes"}'::jsonb
        when ${sand} then '{"sand":"yes","equipment:sandpit":"no"}'::jsonb
        else '{"sand":"no","equipment:sandpit":"yes"}'::jsonb end
      where id in (${swing}, ${water}, ${sand}, ${counted})`);

    const text = await readFile(MIGRATION, 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await db.query(sql.raw(statement));

    const answers = await db.query<{
      location_id: string;
      key: string;
      user_id: string;
      value: string;
      at: string;
    }>(
      sql`select location_id, key, user_id, value, answered_at::text as at from fact_answers
        where location_id in (${swing}, ${water}, ${sand}, ${counted}) order by location_id, key, user_id`,
    );
    const keyed = answers.map((row) => [row.location_id, row.key, row.user_id, row.value]);
    // Every parent keeps one answer per kind: the newer of their two where they gave both.
    expect(keyed).toEqual(
      expect.arrayContaining([
        [swing, 'equipment:baby_swing', mumRow?.id, 'yes'],
        [sand, 'equipment:sandpit', mumRow?.id, 'yes'],
        [sand, 'equipment:sandpit', dadRow?.id, 'yes'],
        [counted, 'equipment:sandpit', dadRow?.id, 'yes'],
      ]),
    );
    expect(keyed).toHaveLength(4);
    const imported = await db.query<{ location_id: string; key: string; value: string }>(
      sql`select location_id, key, value from imported_facts
        where location_id in (${water}, ${counted}) order by location_id, key`,
    );
    expect(imported.map((row) => [row.location_id, row.key, row.value])).toEqual(
      expect.arrayContaining([
        [water, 'equipment:water_play', 'yes'],
        [water, 'fenced', 'yes'],
        // The equipment's own statement (a count) wins over the fact's yes.
        [counted, 'equipment:sandpit', '3'],
      ]),
    );
    expect(imported).toHaveLength(3);

    // The values shown are core's (shownFacts and shownEquipment), and the filters find them.
    const rows = await db.query<{ id: string; facts: Record<string, string> }>(
      sql`select id, facts from locations where id in (${swing}, ${water}, ${sand}, ${counted})`,
    );
    for (const row of rows) {
      const given = answers
        .filter((answer) => answer.location_id === row.id)
        .map((answer) => ({ key: answer.key, value: answer.value, at: new Date(answer.at) }));
      const stated = Object.fromEntries(
        (
          await db.query<{ key: string; value: string }>(
            sql`select key, value from imported_facts where location_id = ${row.id}`,
          )
        ).map((fact) => [fact.key, fact.value]),
      );
      expect(row.facts).toEqual({ ...shownFacts(stated, given), ...shownEquipment(stated, given) });
    }
    expect(await found(lng + 0.0015, 'has=baby_swing')).toEqual(everywhere(['Old Swing Fact']));
    expect(await found(lng + 0.0015, 'equipment=baby_swing')).toEqual(everywhere(['Old Swing Fact']));
    expect(await found(lng + 0.0015, 'equipment=water_play')).toEqual(everywhere(['Old Water Import']));
    expect(await found(lng + 0.0015, 'equipment=sandpit')).toEqual(
      everywhere(['Old Counted Sandpit', 'Old Sand Both']),
    );
    const page = await app.inject({ url: `/api/locations/${counted}/equipment` });
    expect(page.json<PlaceEquipmentList>().equipment).toMatchObject([
      { kind: 'sandpit', present: true, count: 3, confirmedBy: 1 },
    ]);
  });
});
