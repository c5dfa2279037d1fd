/**
 * Two server processes on one PostgreSQL database (each app with its own connection pool and
 * listener, as two processes have): a write in one is on the other's map within a second; a
 * notification missed while the listener was cut is recovered; an index that went wrong is
 * found by the checksum and rebuilt, and one that a steady stream of votes keeps moving is not.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../../db/client.ts';
import { testAuthConfig, testStorage } from '../../../../test/app-options.ts';
import { createPostgresTestDatabase } from '../../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../../test/sign-in.ts';
import { buildApp } from '../../../app.ts';

const nearQuery = `lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5&limit=100`;

/** Polls until `check` holds; returns the milliseconds it took. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${limitMs} ms`);
}

describe.skipIf(!inject('postgresTemplateDatabase'))('map index across two processes [postgres]', () => {
  let first: { handle: DatabaseHandle; url: string };
  let secondPool: DatabaseHandle;
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let parent: SignedInTestUser;

  beforeAll(async () => {
    first = await createPostgresTestDatabase();
    secondPool = openPostgres(first.url, { max: 5 });
    writer = await buildApp({ database: first.handle, storage: testStorage(), auth: testAuthConfig() });
    reader = await buildApp({ database: secondPool, storage: testStorage(), auth: testAuthConfig() });
    await Promise.all([writer.ready(), reader.ready()]);
    parent = await signInAs(writer, 'Writer_Parent');
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
    await secondPool.close();
    await first.handle.close();
  });

  const idsSeenBy = async (app: FastifyInstance): Promise<string[]> => {
    const response = await app.inject({ method: 'GET', url: `/api/locations/summaries?${nearQuery}` });
    return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
  };
  const upVotesSeenBy = async (app: FastifyInstance, id: string): Promise<number | undefined> => {
    const response = await app.inject({ method: 'GET', url: `/api/locations/summaries?${nearQuery}` });
    return response.json<{ items: { id: string; upVotes: number }[] }>().items.find((item) => item.id === id)
      ?.upVotes;
  };

  it('shows a place added, voted on and deleted in one process on the other within a second', async () => {
    const { id } = await addPlace(writer, parent, { name: 'Seen Elsewhere' });
    // The writer sees its own change at once: no waiting at all.
    expect(await idsSeenBy(writer)).toContain(id);
    const addMs = await within(1000, async () => (await idsSeenBy(reader)).includes(id));
    await writer.inject({
      method: 'PUT',
      url: `/api/locations/${id}/vote`,
      headers: parent.headers,
      payload: { vote: 'up' },
    });
    // The creator's own up vote at creation is on the tags, not the place: one up vote now.
    const voteMs = await within(1000, async () => (await upVotesSeenBy(reader, id)) === 1);
    await writer.inject({ method: 'DELETE', url: `/api/locations/${id}`, headers: parent.headers });
    const deleteMs = await within(1000, async () => !(await idsSeenBy(reader)).includes(id));
    expect(Math.max(addMs, voteMs, deleteMs)).toBeLessThan(1000);
  });

  it('recovers a change made while its listener was cut', async () => {
    // Cut the reader's LISTEN connection, and write before it is back.
    await first.handle.query(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`);
    const { id } = await addPlace(writer, parent, { name: 'Written While Cut' });
    await within(5000, async () => (await idsSeenBy(reader)).includes(id));
  });

  it('finds an index gone wrong by its checksum and rebuilds it', async () => {
    const { id } = await addPlace(writer, parent, { name: 'Lost And Found' });
    await within(1000, async () => (await idsSeenBy(reader)).includes(id));
    // Corrupt the reader's index as a bug would: the place vanishes from it, not from the table.
    reader.mapIndex?.index?.apply(id, null);
    expect(await idsSeenBy(reader)).not.toContain(id);
    await reader.mapIndex?.check();
    expect(await idsSeenBy(reader)).toContain(id);
  });

  it('does not rebuild while votes keep committing between the checksum and the comparison', async () => {
    // Places far from the others, so that the table's sums take long enough for votes to
    // commit while they are read, as they do over a million places.
    await first.handle.query(sql`
      insert into locations (name, latitude, longitude)
      select 'Far Away ' || n, 10 + (n % 100) * 0.001, 10 + (n / 100) * 0.001 from generate_series(1, 30000) n`);
    const { id } = await addPlace(writer, parent, { name: 'Voted On All Day' });
    await reader.mapIndex?.catchUp();
    const built = reader.mapIndex?.index;
    let voting = true;
    // Votes as the table takes them (the feed's triggers see them), free of the API's rate limit.
    const vote = async () => {
      while (voting) {
        await first.handle.query(sql`update locations set up_votes = up_votes + 1 where id = ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const votes = [vote(), vote()];
    try {
      await reader.mapIndex?.check();
    } finally {
      voting = false;
      await Promise.all(votes);
    }
    // The same index throughout, and it agrees with the table once the votes have stopped.
    expect(reader.mapIndex?.index).toBe(built);
    await reader.mapIndex?.check();
    expect(reader.mapIndex?.index).toBe(built);
  });

  it('answers a viewport with an ETag both processes agree on once caught up, and 304 for it', async () => {
    const url = `/api/locations/viewport?west=174.7&south=-36.9&east=174.8&north=-36.8&zoom=13`;
    await addPlace(writer, parent, { name: 'Tagged' });
    await reader.mapIndex?.catchUp();
    const [fromWriter, fromReader] = await Promise.all([
      writer.inject({ method: 'GET', url }),
      reader.inject({ method: 'GET', url }),
    ]);
    const etag = fromWriter.headers.etag;
    expect(etag).toBeDefined();
    expect(fromReader.headers.etag).toBe(etag);
    expect(fromWriter.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const again = await reader.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    await addPlace(writer, parent, { name: 'Changes The Tag' });
    await reader.mapIndex?.catchUp();
    const changed = await reader.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
    expect(changed.statusCode).toBe(200);
  });
});

describe.skipIf(!inject('postgresTemplateDatabase'))('map index change feed [postgres]', () => {
  let database: { handle: DatabaseHandle; url: string };
  let app: FastifyInstance;
  const insertPlace = (handle: DatabaseHandle, name: string) =>
    handle.query(sql`insert into locations (name, latitude, longitude) values (${name}, -36.86, 174.77)`);
  /** The same on a connection of its own, inside the transaction it has open. */
  const addPlaceIn = (client: pg.Client, name: string) =>
    client.query('insert into locations (name, latitude, longitude) values ($1, -36.86, 174.77)', [name]);

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await app.close();
    await database.handle.close();
  });

  it('starts after a quiet hour (the feed pruned) without mistaking pruned versions for open ones', async () => {
    await database.handle.query(sql`select setval('map_changes_version_seq', 5000)`);
    await insertPlace(database.handle, 'After The Prune');
    await database.handle.query(sql`delete from map_changes where version < 5001`);
    app = await buildApp({
      database: database.handle,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: { gapGraceMs: 300 },
    });
    await app.ready();
    const keeper = app.mapIndex;
    if (!keeper) throw new Error('no map index');
    expect(keeper.caughtUpTo).toBe(5001);
    const built = keeper.index;
    await keeper.check();
    // No rebuild: the same index, still caught up.
    expect(keeper.index).toBe(built);
    await insertPlace(database.handle, 'Next One');
    await keeper.catchUp();
    expect(keeper.caughtUpTo).toBe(5002);
  });

  it('waits for a transaction that commits after a later one, and passes over a rollback', async () => {
    const keeper = app.mapIndex;
    if (!keeper) throw new Error('no map index');
    const slow = new pg.Client({ connectionString: database.url });
    await slow.connect();
    try {
      const start = keeper.caughtUpTo;
      await slow.query('begin');
      await addPlaceIn(slow, 'Slow To Commit'); // takes start + 1
      await insertPlace(database.handle, 'Quick'); // start + 2, committed first
      await keeper.catchUp();
      expect(keeper.caughtUpTo).toBe(start);
      expect(keeper.version).toBe(start + 2);
      await slow.query('commit');
      await keeper.catchUp();
      expect(keeper.caughtUpTo).toBe(start + 2);
      const names = (
        await app.inject({ url: `/api/locations/summaries?lat=-36.86&lng=174.77&radiusKm=1&limit=50` })
      )
        .json<{ items: { name: string }[] }>()
        .items.map((item) => item.name);
      expect(names).toEqual(expect.arrayContaining(['Slow To Commit', 'Quick']));

      await slow.query('begin');
      await addPlaceIn(slow, 'Never Committed'); // start + 3
      await slow.query('rollback');
      await insertPlace(database.handle, 'After The Rollback'); // start + 4
      await keeper.catchUp();
      expect(keeper.caughtUpTo).toBe(start + 2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await keeper.catchUp();
      expect(keeper.caughtUpTo).toBe(start + 4);
    } finally {
      await slow.end();
    }
  });
});
