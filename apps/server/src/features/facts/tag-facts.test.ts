/**
 * One vocabulary (issue 32): a tag that states a fact is its author's answer to that fact.
 * A place added with "Fenced" shows fenced: yes (confirmed by its creator) and the Fenced
 * filter finds it, from the map index and from SQL alike; free-form tags stay tags. Migration
 * 0024 does the same to the tags places already had.
 */
import { readFile } from 'node:fs/promises';
import {
  answerKeyOf,
  FACT_TAGS,
  MERGED_FACTS,
  oppositeOfTagFact,
  pointsForAction,
  shownFacts,
  type PlaceSummary,
  type PlaceFacts,
} from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { migrationsFolder } from '../../db/migrations-folder.ts';

const MIGRATION = `${migrationsFolder}/0024_tags_as_facts.sql`;

describe('migration 0024', () => {
  it('lists exactly core FACT_TAGS, with the values a down vote meant (0030 moved three to equipment)', async () => {
    const text = await readFile(MIGRATION, 'utf8');
    const rows = [...text.matchAll(/^\t\('([^']+)', '([^']+)', '([^']+)', (NULL|'[^']+')\),?$/gmu)].map(
      ([, tag, key = '', value, opposite]) => [
        tag,
        Object.hasOwn(MERGED_FACTS, key) ? answerKeyOf(key) : key,
        value,
        opposite === 'NULL' ? null : opposite?.slice(1, -1),
      ],
    );
    expect(rows).toEqual(
      Object.entries(FACT_TAGS).map(([tag, fact]) => [tag, fact.key, fact.value, oppositeOfTagFact(fact)]),
    );
  });
});

describeEachBackend('tags that state facts', (database) => {
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
    mum = await signInAs(app, 'Mum_Tags');
    dad = await signInAs(app, 'Dad_Tags');
  });
  afterAll(async () => {
    await sqlApp.close();
    await app.close();
  });

  const pointsOf = async (user: SignedInTestUser) =>
    (await app.inject({ url: '/api/me/points', headers: user.headers })).json<{ points: number }>().points;
  const factsOf = async (id: string, user: SignedInTestUser | null = null) => {
    const response = await app.inject({ url: `/api/locations/${id}/facts`, headers: user?.headers ?? {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlaceFacts>().facts;
  };
  const fencedNear = async (target: FastifyInstance, lng: number) => {
    const box = `west=${lng - 0.01}&south=${AUCKLAND.lat - 0.01}&east=${lng + 0.01}&north=${AUCKLAND.lat + 0.01}&zoom=15`;
    const viewport = await target.inject({ url: `/api/locations/viewport?${box}&has=fenced` });
    expect(viewport.statusCode, viewport.body).toBe(200);
    const summaries = await target.inject({
      url: `/api/locations/summaries?lat=${AUCKLAND.lat}&lng=${lng}&radiusKm=1&limit=50&has=fenced`,
    });
    expect(summaries.statusCode, summaries.body).toBe(200);
    return {
      viewport: viewport.json<{ points: { name: string }[] }>().points.map((point) => point.name),
      summaries: summaries.json<{ items: PlaceSummary[] }>().items.map((item) => item.name),
    };
  };

  it('a place added with the "Fenced" tag: fenced yes from its creator, and the Fenced filter finds it', async () => {
    const before = await pointsOf(mum);
    const lng = AUCKLAND.lng + 0.3;
    const { id, body } = await addPlace(app, mum, {
      name: 'Tagged Fenced Park',
      longitude: lng,
      tags: ['Fenced', 'Picnic tables'],
    });
    await addPlace(app, mum, { name: 'Untagged Park', longitude: lng + 0.001, tags: ['Picnic tables'] });
    // Free-form tags stay tags; the fact is not a tag too.
    expect((body.location as { tags: string[] }).tags).toEqual(['Picnic tables']);
    expect((await factsOf(id, mum)).find((fact) => fact.key === 'fenced')).toMatchObject({
      value: 'yes',
      confirmedBy: 1,
      contradictedBy: 0,
      myAnswer: 'yes',
    });
    // Adding earns its points, the answer what a first answer earns (one award, one toast).
    expect(await pointsOf(mum)).toBe(
      before + 2 * pointsForAction('addLocation') + pointsForAction('factAnswer'),
    );
    await app.mapIndex?.catchUp();
    for (const target of [app, sqlApp]) {
      expect(await fencedNear(target, lng)).toEqual({
        viewport: ['Tagged Fenced Park'],
        summaries: ['Tagged Fenced Park'],
      });
    }
  });

  it('another parent saying no makes it disputed, not a second vocabulary', async () => {
    const { id } = await addPlace(app, mum, { name: 'Shady Park', tags: ['shade'] });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/facts/shade`,
      headers: dad.headers,
      payload: { value: 'no' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await factsOf(id)).find((fact) => fact.key === 'shade')).toMatchObject({
      confirmedBy: 1,
      contradictedBy: 1,
      disputed: true,
    });
  });

  it('an edit with a fact-stating tag is the editor’s answer', async () => {
    const { id } = await addPlace(app, mum, { name: 'Edited Park', tags: ['swings'] });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      headers: mum.headers,
      payload: { tags: ['swings', 'Toilets', 'Dog free'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ location: { tags: string[] } }>().location.tags).toEqual(['swings']);
    const facts = await factsOf(id, mum);
    expect(facts.find((fact) => fact.key === 'toilets')).toMatchObject({ value: 'yes', myAnswer: 'yes' });
    expect(facts.find((fact) => fact.key === 'dogs')).toMatchObject({ value: 'no', myAnswer: 'no' });
  });

  it('migration 0024 turns existing fact tags into answers by their voters, keeps free-form ones', async () => {
    const db = database();
    const { id } = await addPlace(app, mum, { name: 'Old Tags Park', tags: ['swings'] });
    const { id: imported } = await addPlace(app, mum, { name: 'Old Import', tags: ['swings'] });
    const [mumRow] = await db.query<{ id: string }>(sql`select id from users where user_name = 'Mum_Tags'`);
    const [dadRow] = await db.query<{ id: string }>(sql`select id from users where user_name = 'Dad_Tags'`);
    // As before issue 32: fact words were tags with their own votes.
    await db.query(sql`update locations set tags = array['Fenced', 'swings', 'Toilets'] where id = ${id}`);
    await db.query(sql`insert into tag_votes (location_id, tag, user_id, vote, created_at) values
      (${id}, 'Fenced', ${mumRow?.id}, 'up', '2026-01-01'), (${id}, 'Fenced', ${dadRow?.id}, 'up', '2026-01-02'),
      (${id}, 'Toilets', ${mumRow?.id}, 'up', '2026-01-01'), (${id}, 'Toilets', ${dadRow?.id}, 'down', '2026-01-02')`);
    await db.query(sql`update locations set tags = array['wheelchair accessible', 'swings'],
      source = 'OpenStreetMap', source_id = 'osm:node/32' where id = ${imported}`);
    await db.query(sql`delete from tag_votes where location_id = ${imported}`);

    const text = await readFile(MIGRATION, 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await db.query(sql.raw(statement));

    const rows = await db.query<{ id: string; tags: string[]; facts: Record<string, string> }>(
      sql`select id, tags, facts from locations where id in (${id}, ${imported})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(id)?.tags).toEqual(['swings']);
    expect(byId.get(id)?.facts).toEqual({ fenced: 'yes', toilets: 'no' });
    expect(byId.get(imported)?.tags).toEqual(['swings']);
    expect(byId.get(imported)?.facts).toEqual({ wheelchair: 'yes' });
    const votes = await db.query(sql`select tag from tag_votes where location_id = ${id}`);
    expect(votes).toEqual([{ tag: 'swings' }]);
    expect((await factsOf(id)).find((fact) => fact.key === 'fenced')).toMatchObject({ confirmedBy: 2 });
    // The shown values the migration wrote are core shownFacts' (ties: the newest answer).
    const answers = await db.query<{ key: string; value: string; at: string }>(
      sql`select key, value, answered_at as at from fact_answers where location_id = ${id}`,
    );
    expect(
      shownFacts(
        {},
        answers.map((row) => ({ ...row, at: new Date(row.at) })),
      ),
    ).toEqual(byId.get(id)?.facts);
  });
});
