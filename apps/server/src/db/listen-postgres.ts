/**
 * LISTEN on PostgreSQL: one dedicated connection per listener that survives restarts,
 * failovers and killed backends by reconnecting with backoff.
 */
import pg from 'pg';
import type { ListenHandlers } from './listen-handlers.ts';

const FIRST_RETRY_MS = 250;
// At most 2 s between attempts: the map catches up within seconds of the database coming back.
const LAST_RETRY_MS = 2_000;

export interface PostgresListener {
  /** Settles with the first LISTEN: rejects if that connect fails (no retrying then). */
  subscribed: Promise<void>;
  /** Ends the connection and any retrying; idempotent, never rejects. */
  stop(): Promise<void>;
}

export function startPostgresListener(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): PostgresListener {
  let stopping: Promise<void> | undefined;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  // The callbacks run from socket events and timers, where a throw would crash the process.
  function callSafely(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      console.error(`[playspot] LISTEN ${channel} handler failed:`, error);
    }
  }

  async function subscribe(): Promise<void> {
    // Not from the pool: a LISTEN belongs to its session, and the pool's statement timeout
    // and recycling would end it. keepAlive notices a peer that vanished without a FIN.
    const connection = new pg.Client({ connectionString, keepAlive: true });
    client = connection;
    let listening = false;
    const lost = (error: Error): void => {
      // Failures while subscribing surface as subscribe()'s rejection; 'error' and 'end'
      // both arrive for one loss, and a stopped listener has ended the connection itself.
      if (!listening || client !== connection) return;
      client = undefined;
      connection.end().catch(() => undefined);
      callSafely(() => handlers.onError?.(error));
      scheduleRetry();
    };
    connection.on('error', lost);
    connection.on('end', () => {
      lost(new Error(`The LISTEN ${channel} connection ended`));
    });
    connection.on('notification', (message) => {
      if (message.channel !== channel) return;
      callSafely(() => {
        handlers.onNotify(message.payload ?? '');
      });
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
      if (stopping || client !== connection) throw new Error(`LISTEN ${channel} was stopped`);
    } catch (error) {
      if (client === connection) client = undefined;
      await connection.end().catch(() => undefined);
      throw error;
    }
    listening = true;
  }

  function scheduleRetry(): void {
    if (stopping) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void resubscribe();
    }, wait);
    // A listener alone must not keep a process (a test, a tool) from exiting.
    retryTimer.unref();
  }

  async function resubscribe(): Promise<void> {
    try {
      await subscribe();
    } catch (error) {
      if (stopping) return;
      callSafely(() => handlers.onError?.(error instanceof Error ? error : new Error(String(error))));
      scheduleRetry();
      return;
    }
    retryMs = FIRST_RETRY_MS;
    callSafely(() => handlers.onListening?.());
  }

  const subscribed = subscribe().then(() => {
    callSafely(() => handlers.onListening?.());
  });

  return {
    subscribed,
    stop() {
      if (!stopping) {
        clearTimeout(retryTimer);
        const connection = client;
        client = undefined;
        stopping = connection ? connection.end().catch(() => undefined) : Promise.resolve();
      }
      return stopping;
    },
  };
}
