/**
 * Several server processes on one port (node:cluster), for SERVER_PROCESSES > 1: one Node
 * process answers on one core, and a map read never waits for the database (issue 29), so a
 * machine's other cores stay idle unless more processes answer. Each builds its own map
 * index, kept exact by the database's change feed like any other process's.
 *
 * The primary only watches: it starts the workers, says "Ready" once all listen, starts a
 * worker again when one dies, and passes SIGTERM and SIGINT on for a graceful close.
 */
import cluster, { type Worker } from 'node:cluster';

interface ListeningMessage {
  type: 'playspot:listening';
  port: number;
}

const isListeningMessage = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'playspot:listening' &&
  typeof (message as { port?: unknown }).port === 'number';

/** A worker tells the primary it serves on `port`. */
export function tellPrimaryListening(port: number): void {
  const message: ListeningMessage = { type: 'playspot:listening', port };
  process.send?.(message);
}

/** Node types the exit signal as a string, but it is null (or empty) when the worker exited by itself. */
const howItEnded = (code: number, signal: string): string => (signal ? signal : `exit code ${String(code)}`);

/** A worker that dies this soon after starting died young (see below). */
const RESTART_AFTER_MS = 5_000;
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

export async function runServerProcesses(options: {
  count: number;
  host: string;
  startedAt: number;
  log: (message: string) => void;
}): Promise<void> {
  const { count, log } = options;
  const startedAt = new Map<number, number>();
  const start = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, performance.now());
    return worker;
  };
  let stopping = false;

  // Until all have listened once, a process that dies young stops the start (it would only
  // die again: a bad setting, the database unreachable). After that a dead one is always
  // replaced, after a pause that doubles while they keep dying young (the database may be
  // coming back).
  let started = false;
  let restartDelayMs = RESTART_DELAY_MS;
  const ready = new Promise<number>((resolve, reject) => {
    const listening = new Set<number>();
    cluster.on('message', (worker, message: unknown) => {
      if (!isListeningMessage(message)) return;
      listening.add(worker.id);
      if (!started && listening.size === count) {
        started = true;
        resolve(message.port);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const lived = performance.now() - (startedAt.get(worker.id) ?? 0);
      const wasListening = listening.delete(worker.id);
      if (!started && !wasListening && lived < RESTART_AFTER_MS) {
        reject(new Error(`a server process exited (${howItEnded(code, signal)}) before it could serve`));
        return;
      }
      restartDelayMs =
        lived < RESTART_AFTER_MS ? Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS) : RESTART_DELAY_MS;
      log(
        `A server process exited (${howItEnded(code, signal)}); starting another in ${String(restartDelayMs / 1000)} s`,
      );
      // Not unref'd: with every worker gone, this timer is what keeps the primary here.
      setTimeout(() => {
        if (!stopping) start();
      }, restartDelayMs);
    });
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, closing ${String(count)} server processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let running = workers.length;
    if (running === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--running === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
  };
  // Kept (not once): a second Ctrl-C without a listener would end the primary at once, and
  // its workers without their graceful close.
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });

  for (let i = 0; i < count; i++) start();
  try {
    const port = await ready;
    const seconds = ((performance.now() - options.startedAt) / 1000).toFixed(1);
    log(
      `Ready in ${seconds} s on http://${options.host}:${String(port)} (database: postgres, ${String(count)} server processes)`,
    );
  } catch (error) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    throw error;
  }
}
