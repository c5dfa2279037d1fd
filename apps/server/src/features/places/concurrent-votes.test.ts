/**
 * 200 concurrent mixed votes from 50 people on one place: the stored counters must equal
 * the votes actually stored, and each person's last answer must be the one that stuck.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const PEOPLE = 50;
const VOTES = 200;

describeEachBackend('concurrent votes', (database) => {
  let app: FastifyInstance;
  let people: SignedInTestUser[] = [];
  let locationId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    people = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await signInAs(app, `voter_${i}`));
    const first = people[0];
    if (!first) throw new Error('no people');
    locationId = (await addPlace(app, first, { tags: ['slide', 'swings'] })).id;
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('keeps location and tag counts equal to the stored voters', async () => {
    // A fixed, seeded mix: who votes, on what, which way.
    const plan = fc.sample(
      fc.record({
        person: fc.integer({ min: 0, max: PEOPLE - 1 }),
        target: fc.constantFrom('location', 'slide', 'swings'),
        vote: fc.constantFrom('up', 'down'),
      }),
      { numRuns: VOTES, seed: 20261122 },
    );
    const responses = await Promise.all(
      plan.map((step) => {
        const person = people[step.person];
        if (!person) throw new Error('unknown person');
        return step.target === 'location'
          ? app.inject({
              method: 'PUT',
              url: `/api/locations/${locationId}/vote`,
              headers: person.headers,
              payload: { vote: step.vote },
            })
          : app.inject({
              method: 'PUT',
              url: `/api/locations/${locationId}/tag-votes`,
              headers: person.headers,
              payload: { tag: step.target, vote: step.vote },
            });
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(plan.map(() => 200));

    const [counters] = await database().query<{ up_votes: number; down_votes: number }>(
      sql`select up_votes, down_votes from locations where id = ${locationId}`,
    );
    const [stored] = await database().query<{ up: number | string; down: number | string }>(sql`
      select count(*) filter (where vote = 'up') as up, count(*) filter (where vote = 'down') as down
      from location_votes where location_id = ${locationId}`);
    expect({ up: counters?.up_votes, down: counters?.down_votes }).toEqual({
      up: Number(stored?.up),
      down: Number(stored?.down),
    });
    expect(Number(stored?.up) + Number(stored?.down)).toBeGreaterThan(0);

    const place = await app.inject({ method: 'GET', url: `/api/locations/${locationId}` });
    const tagVotes = place.json<{ tagVotes: Record<string, { up: number; down: number }> }>().tagVotes;
    const storedTags = await database().query<{
      tag: string;
      up: number | string;
      down: number | string;
    }>(sql`
      select tag, count(*) filter (where vote = 'up') as up, count(*) filter (where vote = 'down') as down
      from tag_votes where location_id = ${locationId} group by tag order by tag`);
    for (const row of storedTags) {
      expect(tagVotes[row.tag]).toEqual({ up: Number(row.up), down: Number(row.down) });
    }
  }, 120_000);
});
