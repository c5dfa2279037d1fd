/**
 * Admission for writes: at most a few per person in flight and a bounded number overall, so one
 * account (or one flood) cannot take every database connection while signed-out reads and the
 * session lookup wait for one. Writes beyond the limits wait in a bounded queue, in arrival
 * order; a write that would wait too long, or find the queue full, is refused at once with 503
 * and `Retry-After` instead of hanging.
 *
 * Written here rather than taken from p-limit/p-queue: those have neither per-key limits nor a
 * bounded queue with a deadline, which are the whole point.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface WriteAdmissionLimits {
  /** Writes of one person (or one address when signed out) running at once. */
  perKey: number;
  /**
   * Writes from one network address running at once, whoever sends them (absent: no such cap).
   * Several accounts behind one address cannot take every slot together.
   */
  perAddress?: number;
  /** Writes running at once in this process; keep below the connection pool's size. */
  total: number;
  /** Writes of one person waiting for a turn; beyond it only that person is refused. */
  queuePerKey: number;
  /** Writes waiting for a turn, over everyone (a last guard on memory). */
  queue: number;
  /** Longest a write waits for a turn before it is refused. */
  maxWaitMs: number;
}

/** Seconds a refused client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

export class ServerBusyError extends AppError {
  override name = 'ServerBusyError';
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(message = 'PlaySpot is very busy right now. Please try again in a few seconds.') {
    super(503, 'server_busy', message);
  }
}

interface Waiter {
  key: string;
  address: string;
  admit: () => void;
  timer: NodeJS.Timeout;
}

export type Release = () => void;

export function createWriteAdmission(limits: WriteAdmissionLimits) {
  const runningByKey = new Map<string, number>();
  const runningByAddress = new Map<string, number>();
  let running = 0;
  const waiting: Waiter[] = [];

  const canRun = (key: string, address: string) =>
    running < limits.total &&
    (runningByKey.get(key) ?? 0) < limits.perKey &&
    (limits.perAddress === undefined || (runningByAddress.get(address) ?? 0) < limits.perAddress);

  const add = (counts: Map<string, number>, name: string, change: 1 | -1) => {
    const count = (counts.get(name) ?? 0) + change;
    if (count <= 0) counts.delete(name);
    else counts.set(name, count);
  };

  function start(key: string, address: string): Release {
    running++;
    add(runningByKey, key, 1);
    add(runningByAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running--;
      add(runningByKey, key, -1);
      add(runningByAddress, address, -1);
      admitWaiting();
    };
  }

  // The first waiter whose person has a free slot goes next, so one person's queue never
  // holds up another's.
  function admitWaiting(): void {
    for (let index = 0; index < waiting.length && running < limits.total;) {
      const waiter = waiting[index];
      if (waiter && canRun(waiter.key, waiter.address)) {
        waiting.splice(index, 1);
        clearTimeout(waiter.timer);
        waiter.admit();
      } else {
        index++;
      }
    }
  }

  return {
    /**
     * Resolves with a release function when the write may run; rejects with ServerBusyError.
     * `address` is the sender's network address (for `perAddress`; the key when absent).
     */
    acquire(key: string, address: string = key): Promise<Release> {
      // Someone else's queue never holds up a person with a free slot; their own earlier
      // writes, waiting, go first.
      const ownWaiting = waiting.filter((waiter) => waiter.key === key).length;
      if (canRun(key, address) && ownWaiting === 0) return Promise.resolve(start(key, address));
      if (ownWaiting >= limits.queuePerKey || waiting.length >= limits.queue) {
        return Promise.reject(new ServerBusyError());
      }
      return new Promise<Release>((resolve, reject) => {
        const waiter: Waiter = {
          key,
          address,
          admit: () => {
            resolve(start(key, address));
          },
          timer: setTimeout(() => {
            const index = waiting.indexOf(waiter);
            if (index >= 0) waiting.splice(index, 1);
            reject(new ServerBusyError());
          }, limits.maxWaitMs),
        };
        waiting.push(waiter);
        admitWaiting();
      });
    },
    /** For tests and health: what is running and waiting now. */
    stats: () => ({ running, waiting: waiting.length }),
  };
}

export type WriteAdmission = ReturnType<typeof createWriteAdmission>;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    releaseWriteSlot: Release | null;
  }
  interface FastifyInstance {
    /** The lines writes and uploads wait in (for tests and diagnostics: their stats). */
    writeAdmissions: { writes: WriteAdmission; uploads: WriteAdmission };
  }
  interface FastifyContextConfig {
    /**
     * 'image-queue': a photo upload. Uploads have a line of their own, sized to the image work
     * queue: in the writes' line a slow phone sending its body and the decoding after it would
     * keep everyone else's comments waiting. Waiting there costs no memory (the body is read
     * only once admitted), so one person's ten photos queue instead of being refused.
     */
    writeAdmission?: 'image-queue';
  }
}

/**
 * Every API write waits for admission after authentication and validation (so refused and
 * malformed requests never queue) and gives its slot back once its answer is ready.
 */
export function installWriteAdmission(
  app: FastifyInstance,
  admissions: { writes: WriteAdmission; uploads: WriteAdmission },
): void {
  app.decorateRequest('releaseWriteSlot', null);
  app.decorate('writeAdmissions', admissions);
  const keyOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
  app.addHook('preHandler', async (request) => {
    if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const admission =
      request.routeOptions.config.writeAdmission === 'image-queue' ? admissions.uploads : admissions.writes;
    request.releaseWriteSlot = await admission.acquire(keyOf(request), request.ip);
  });
  // onSend runs when the handler (or the error handler) has its answer; onResponse and
  // onRequestAbort cover answers that skip it. Releasing twice is harmless.
  const release = async (request: FastifyRequest) => {
    request.releaseWriteSlot?.();
  };
  app.addHook('onSend', release);
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
