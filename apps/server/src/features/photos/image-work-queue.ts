/**
 * Bounds image work: at most `workers` photos are decoded and encoded at once, at most
 * `queueLength` more wait their turn (first come, first served), and beyond that an upload is
 * refused at once with 503 and Retry-After instead of piling up.
 *
 * Why: decoding is where an upload costs memory. An interlaced PNG (or any image libvips
 * cannot read row by row) is held whole while it is read: a 36-megapixel one of 124 KB takes
 * over 100 MB. Twenty such uploads at once added about 500 MB to the server and made
 * /api/health wait 9 s (bench/upload-burst.ts), because sharp runs on libuv's small thread
 * pool (4 threads by default), which file reads and DNS lookups share.
 *
 * A waiting job holds only its upload (at most MAX_UPLOAD_BYTES, usually a few hundred KB:
 * the web app shrinks photos to 1600 px before sending), never decoded pixels, so the queue
 * costs little memory; its length bounds how long a parent watches the progress bar.
 */
import { availableParallelism } from 'node:os';
import { ServerBusyError } from '../../lib/write-admission.ts';

export interface ImageWorkLimits {
  /** Images processed at once; each takes one libuv thread and one libvips thread. */
  workers: number;
  /** Images waiting for a worker; more are refused with 503. */
  queueLength: number;
}

export interface ImageWorkQueue {
  /**
   * Runs `work` once a worker is free, in arrival order, and gives the worker back when it
   * settles (also when it throws). Rejects at once with ServerBusyError when every worker is
   * busy and the queue is full.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Throws ServerBusyError when `run` would refuse now. Called before an upload's body is
   * read, so a burst is turned away without reading (and holding) bodies that could not be
   * processed anyway; `run` checks again once the body is in.
   */
  assertRoom(): void;
  /** For tests and diagnostics: jobs running and waiting now. */
  stats(): { running: number; waiting: number };
  /** How many run and wait at most (uploads queue before their bodies are read to fit). */
  readonly limits: ImageWorkLimits;
}

export const IMAGE_WORK_BUSY_MESSAGE =
  'Lots of photos are being uploaded right now. Try again in a few seconds.';

const busy = () => new ServerBusyError(IMAGE_WORK_BUSY_MESSAGE);

export function createImageWorkQueue(limits: ImageWorkLimits): ImageWorkQueue {
  if (!Number.isInteger(limits.workers) || limits.workers < 1) {
    throw new RangeError(`Image workers must be a whole number ≥ 1, got ${String(limits.workers)}`);
  }
  if (!Number.isInteger(limits.queueLength) || limits.queueLength < 0) {
    throw new RangeError(`Image queue length must be a whole number ≥ 0, got ${String(limits.queueLength)}`);
  }
  let running = 0;
  /** Each waiter's turn: called with the worker slot already counted as theirs. */
  const waiting: (() => void)[] = [];

  const hasRoom = () => running < limits.workers || waiting.length < limits.queueLength;

  // A finished job hands its slot straight to the first waiter, so `running` never dips and a
  // newcomer cannot slip in ahead of the queue.
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  function turn(): Promise<void> {
    if (running < limits.workers && waiting.length === 0) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= limits.queueLength) return Promise.reject(busy());
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
    });
  }

  return {
    limits,
    async run<T>(work: () => Promise<T>): Promise<T> {
      await turn();
      try {
        return await work();
      } finally {
        release();
      }
    },
    assertRoom() {
      if (!hasRoom()) throw busy();
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * libuv's thread pool, which runs sharp's work as well as file reads, DNS lookups and zlib:
 * UV_THREADPOOL_SIZE when set (read by Node at start), else libuv's default of 4.
 */
export function libuvThreadPoolSize(env: NodeJS.ProcessEnv): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size >= 1 ? size : 4;
}

/**
 * The limits from the optional settings. Workers default to one per core, but always leave
 * one libuv thread free: with every thread decoding, a file read (the health check reads the
 * migration journal) would wait for a decode to finish. The queue defaults to two jobs per
 * worker: a newcomer starts within about two job lengths (well under a second for a phone
 * photo, a few seconds for a 36-megapixel one), and waiting bodies stay a few MB.
 * Throws RangeError, naming the setting, when workers would take the whole thread pool.
 */
export function resolveImageWorkLimits(settings: {
  workers: number | undefined;
  queueLength: number | undefined;
  cores: number;
  threadPoolSize: number;
}): ImageWorkLimits {
  const { cores, threadPoolSize } = settings;
  const workers = settings.workers ?? Math.max(1, Math.min(cores, threadPoolSize - 1));
  if (workers >= threadPoolSize) {
    throw new RangeError(
      `IMAGE_WORKERS (${String(workers)}) must be below UV_THREADPOOL_SIZE (${String(threadPoolSize)}): ` +
        'image work runs on that thread pool and file reads need a thread left. Raise UV_THREADPOOL_SIZE too.',
    );
  }
  return { workers, queueLength: settings.queueLength ?? 2 * workers };
}

/** The default limits for this machine and process. */
export function defaultImageWorkLimits(): ImageWorkLimits {
  return resolveImageWorkLimits({
    workers: undefined,
    queueLength: undefined,
    cores: availableParallelism(),
    threadPoolSize: libuvThreadPoolSize(process.env),
  });
}
