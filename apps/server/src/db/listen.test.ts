/**
 * LISTEN/NOTIFY through the database handle on both backends, and on PostgreSQL the
 * listener's recovery when its connection is killed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, describeEachBackend } from '../../test/database.ts';
import { openPostgres, type DatabaseHandle, type ListenHandlers } from './client.ts';

const CHANNEL = 'map_changes';

/** Polls until `check` holds, failing after 5 s: delivery is asynchronous, never instant. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 5_000) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A listener that records everything it is told. */
function recorder() {
  const record = { payloads: [] as string[], errors: [] as Error[], listening: 0 };
  const handlers: ListenHandlers = {
    onNotify: (payload) => record.payloads.push(payload),
    onListening: () => {
      record.listening += 1;
    },
    onError: (error) => record.errors.push(error),
  };
  return { record, handlers };
}

async function notify(database: DatabaseHandle, payload: string): Promise<void> {
  await database.query(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

describeEachBackend('listen', (database) => {
  it('delivers a notification, and calls onListening once subscribed', async () => {
    const { record, handlers } = recorder();
    const unsubscribe = await database().listen(CHANNEL, handlers);
    try {
      expect(record.listening).toBe(1);
      await notify(database(), 'x');
      await eventually(() => record.payloads.includes('x'));
      await notify(database(), '');
      await eventually(() => record.payloads.length === 2);
      expect(record.payloads).toEqual(['x', '']);
      expect(record.errors).toEqual([]);
    } finally {
      await unsubscribe();
    }
  });

  it('delivers a NOTIFY in a transaction only on commit', async () => {
    const { record, handlers } = recorder();
    const unsubscribe = await database().listen(CHANNEL, handlers);
    try {
      await expect(
        database().db.transaction(async (tx) => {
          await tx.execute(sql`select pg_notify(${CHANNEL}, 'rolled back')`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await database().db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANNEL}, 'committed')`);
        await sleep(200);
        expect(record.payloads).toEqual([]);
      });
      await eventually(() => record.payloads.includes('committed'));
      expect(record.payloads).toEqual(['committed']);
    } finally {
      await unsubscribe();
    }
  });

  it('stops delivering once unsubscribed (and unsubscribing twice is harmless)', async () => {
    const gone = recorder();
    const staying = recorder();
    const unsubscribeGone = await database().listen(CHANNEL, gone.handlers);
    const unsubscribeStaying = await database().listen(CHANNEL, staying.handlers);
    try {
      await notify(database(), 'before');
      await eventually(() => gone.record.payloads.includes('before'));
      await unsubscribeGone();
      await unsubscribeGone();
      await notify(database(), 'after');
      // The listener still subscribed has had it, so the other one would have too.
      await eventually(() => staying.record.payloads.includes('after'));
      expect(gone.record.payloads).toEqual(['before']);
    } finally {
      await unsubscribeStaying();
    }
  });

  it('rejects a channel name that is not a lowercase identifier', async () => {
    const { handlers } = recorder();
    await expect(database().listen('Map"; drop table x; --', handlers)).rejects.toThrow(/channel name/);
    await expect(database().listen('1abc', handlers)).rejects.toThrow(/channel name/);
  });
});

describe.skipIf(!inject('postgresTemplateDatabase'))('listen [postgres] recovery', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  /** Kills this database's LISTEN connections from a pool connection; returns how many. */
  async function killListeners(handle: DatabaseHandle): Promise<number> {
    const rows = await handle.query<{ killed: boolean }>(sql`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
    return rows.length;
  }

  async function listenerConnections(handle: DatabaseHandle): Promise<number> {
    const [row] = await handle.query<{ count: number }>(sql`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
    return row?.count ?? 0;
  }

  it('reconnects after its backend is killed: onError, onListening again, then deliveries', async () => {
    const { record, handlers } = recorder();
    const unsubscribe = await database.listen(CHANNEL, handlers);
    try {
      expect(await killListeners(database)).toBe(1);
      await eventually(() => record.errors.length > 0);
      await eventually(() => record.listening === 2);
      await notify(database, 'after reconnect');
      await eventually(() => record.payloads.includes('after reconnect'));
    } finally {
      await unsubscribe();
    }
    // Unsubscribing ends the dedicated connection rather than leaving it idle.
    await eventually(async () => (await listenerConnections(database)) === 0);
  });

  it('closes cleanly while a listener waits to reconnect', async () => {
    const other = await createTestDatabase('postgres');
    const { record, handlers } = recorder();
    await other.listen(CHANNEL, handlers);
    await killListeners(other);
    await eventually(() => record.errors.length > 0);
    await expect(other.close()).resolves.toBeUndefined();
    const listeningAtClose = record.listening;
    await sleep(600);
    expect(record.listening).toBe(listeningAtClose);
  });

  it('rejects when the first connect fails', async () => {
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/postgres', {
      connectionTimeoutMs: 2_000,
    });
    try {
      const { record, handlers } = recorder();
      await expect(unreachable.listen(CHANNEL, handlers)).rejects.toThrow();
      expect(record.listening).toBe(0);
    } finally {
      await unreachable.close();
    }
  });
});
