/**
 * A minimum pace for upload bodies. An upload holds one of the few upload slots from the moment
 * it is admitted until its answer; a body that trickles in (one byte every two seconds) or stops
 * would hold it for as long as the request timeout allows, and six such connections took every
 * slot for over 90 s. Here a body must keep coming: after a short grace it has to average at
 * least `minBytesPerSecond` (so the deadline grows with the size of the photo), and it may never
 * go silent for `stallMs`. One that falls behind is answered 408 at once, its connection closed,
 * and its slot is free for the next person.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface UploadPace {
  /** Time a body may take to get going before the floor applies (connection set-up, a slow start). */
  graceMs: number;
  /** Average bytes per second a body must reach after the grace (counted from the start). */
  minBytesPerSecond: number;
  /** Longest time without a single byte before the upload is dropped. */
  stallMs: number;
  /** How often the pace is checked. */
  checkEveryMs: number;
}

/**
 * 4 KB/s is a tenth of what a poor 3G connection uploads: a 500 KB photo (the web app sends at
 * most 1600 px) may take two minutes, yet a dribbling body is dropped within seconds.
 */
export const DEFAULT_UPLOAD_PACE: UploadPace = {
  graceMs: 5_000,
  minBytesPerSecond: 4 * 1024,
  stallMs: 10_000,
  checkEveryMs: 500,
};

export interface BodyProgress {
  /** Since the body started to be read. */
  elapsedMs: number;
  /** Bytes received since then. */
  receivedBytes: number;
  /** Since the last byte arrived (or the start, if none has). */
  silentMs: number;
}

export type PaceVerdict = 'on_pace' | 'too_slow' | 'stalled';

/** Whether a body still being read keeps the pace (pure, for the table tests). */
export function paceVerdict(progress: BodyProgress, pace: UploadPace): PaceVerdict {
  if (progress.silentMs >= pace.stallMs) return 'stalled';
  if (progress.elapsedMs <= pace.graceMs) return 'on_pace';
  const floor = (pace.minBytesPerSecond * (progress.elapsedMs - pace.graceMs)) / 1000;
  return progress.receivedBytes < floor ? 'too_slow' : 'on_pace';
}

export const UPLOAD_TOO_SLOW_MESSAGE =
  'The photo arrived too slowly and the upload was stopped. Please try again on a better connection.';

export class UploadTooSlowError extends AppError {
  override name = 'UploadTooSlowError';
  readonly verdict: Exclude<PaceVerdict, 'on_pace'>;
  constructor(verdict: Exclude<PaceVerdict, 'on_pace'>) {
    super(408, 'upload_too_slow', UPLOAD_TOO_SLOW_MESSAGE);
    this.verdict = verdict;
  }
}

/**
 * Runs `read` (which consumes the request body) while watching the bytes that arrive on the
 * connection; rejects with UploadTooSlowError as soon as they fall behind `pace`, and marks the
 * answer `Connection: close` so the server stops reading the rest. The read itself is left to
 * fail when the connection closes. Requests without a real socket (`inject` in tests) arrive
 * whole and are not watched.
 */
export function readingAtPace<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  pace: UploadPace,
  read: () => Promise<T>,
): Promise<T> {
  const socket = request.raw.socket as { bytesRead?: unknown } | null;
  if (!socket || typeof socket.bytesRead !== 'number') return read();
  const bytesRead = () => (typeof socket.bytesRead === 'number' ? socket.bytesRead : 0);
  const startedAt = Date.now();
  const startBytes = bytesRead();
  let lastBytes = startBytes;
  let lastByteAt = startedAt;
  return new Promise<T>((resolve, reject) => {
    const timer = setInterval(() => {
      const now = Date.now();
      const received = bytesRead();
      if (received !== lastBytes) {
        lastBytes = received;
        lastByteAt = now;
      }
      const verdict = paceVerdict(
        { elapsedMs: now - startedAt, receivedBytes: received - startBytes, silentMs: now - lastByteAt },
        pace,
      );
      if (verdict === 'on_pace') return;
      clearInterval(timer);
      request.log.warn(
        { verdict, receivedBytes: received - startBytes },
        'upload body too slow: answered 408',
      );
      void reply.header('connection', 'close');
      reject(new UploadTooSlowError(verdict));
    }, pace.checkEveryMs);
    read().then(
      (value) => {
        clearInterval(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
