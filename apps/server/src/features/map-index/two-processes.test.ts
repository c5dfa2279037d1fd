/**
 * Two server processes on one PostgreSQL database (each app with its own connection pool and
 * listener, as two processes have): a write in one is on the other's map within a second; a
 * notification missed while the listener was cut is recovered; an index that went wrong is
 * found by the checksum and rebuilt.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/client.ts';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { createPostgresTestDatabase } from '../../../test/database.ts';
import { addLocation, AUCKLAND } from '../../../test/locations-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

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
    const { id } = await addLocation(writer, parent, { name: 'Seen Elsewhere' });
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
    const { id } = await addLocation(writer, parent, { name: 'Written While Cut' });
    await within(5000, async () => (await idsSeenBy(reader)).includes(id));
  });

  it('finds an index gone wrong by its checksum and rebuilds it', async () => {
    const { id } = await addLocation(writer, parent, { name: 'Lost And Found' });
    await within(1000, async () => (await idsSeenBy(reader)).includes(id));
    // Corrupt the reader's index as a bug would: the place vanishes from it, not from the table.
    reader.mapIndex?.index?.apply(id, null);
    expect(await idsSeenBy(reader)).not.toContain(id);
    await reader.mapIndex?.check();
    expect(await idsSeenBy(reader)).toContain(id);
  });

  it('answers a viewport with an ETag both processes agree on once caught up, and 304 for it', async () => {
    const url = `/api/locations/viewport?west=174.7&south=-36.9&east=174.8&north=-36.8&zoom=13`;
    await addLocation(writer, parent, { name: 'Tagged' });
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
    await addLocation(writer, parent, { name: 'Changes The Tag' });
    await reader.mapIndex?.catchUp();
    const changed = await reader.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
    expect(changed.statusCode).toBe(200);
  });
});
