/**
 * drizzle-orm 0.45's `transaction()` on a pool sends BEGIN before the try/finally that gives
 * its client back (drizzle-orm issue 6241, open): a BEGIN that fails, as it does on a
 * connection cut while it sat idle in the pool, keeps that client checked out for good. After
 * `max` such failures every request waits for a connection that never comes, so a database
 * outage of a few seconds would leave the server answering 503 until it restarts
 * (database-outage.test.ts saw four clients lost this way, one per writer).
 *
 * Every client of the pool gives itself back, destroyed, when a BEGIN it was sent fails.
 * Should drizzle release it too once fixed, that second release does nothing.
 */
import type pg from 'pg';

type Send = (...args: unknown[]) => unknown;

const BEGIN = /^\s*begin\b/i;

function isBegin(query: unknown): boolean {
  if (typeof query === 'string') return BEGIN.test(query);
  if (typeof query === 'object' && query !== null && 'text' in query && typeof query.text === 'string')
    return BEGIN.test(query.text);
  return false;
}

function giveBack(client: pg.PoolClient, error: unknown): void {
  // A client taken with pool.query() has no release to call: the pool gives it back itself.
  if (typeof client.release !== 'function') return;
  const release = client.release.bind(client);
  client.release = () => undefined;
  release(error instanceof Error ? error : new Error(String(error)));
}

/** Guards each client the pool connects (see above). */
export function releaseClientsWhenBeginFails(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as Send;
    const guarded: Send = (...args) => {
      const answer = send(...args);
      // Promise-style calls only: pool.query() passes a callback and releases the client itself.
      if (answer instanceof Promise && isBegin(args[0]))
        answer.catch((error: unknown) => {
          giveBack(client, error);
        });
      return answer;
    };
    client.query = guarded as typeof client.query;
  });
}
