/**
 * The precomputed cluster summary that answers world and country views (zoom ≤ the finest
 * summary level) without grouping every location in view. It is rebuilt as a whole: at
 * server start when stale, then by each server process every few minutes when locations
 * changed, and by the importer after an import. So those views may lag by a few minutes;
 * street and city views read the locations table directly and are always current.
 */
import type { Database } from '../../db/client.ts';
import { lockRebuild, rebuildSummary, summaryIsStale, tryLockRebuild } from './cluster-summary.repository.ts';

export interface SummaryBuild {
  /** Locations summarised. */
  locations: number;
  /** Summary rows written, all levels together. */
  cells: number;
}

/**
 * Rebuilds the summary now, in one transaction (readers keep the previous summary until it
 * commits). Waits for a rebuild running elsewhere, then rebuilds again, so everything
 * committed before the call is included (what the importer needs).
 */
export async function refreshClusterSummary(db: Database): Promise<SummaryBuild> {
  return db.transaction(async (tx) => {
    await lockRebuild(tx);
    return rebuildSummary(tx);
  });
}

/**
 * Rebuilds the summary when it is stale and no other process is rebuilding it; null when
 * nothing was done. Cheap when fresh: two `exists` probes.
 */
export async function refreshClusterSummaryIfStale(db: Database): Promise<SummaryBuild | null> {
  if (!(await summaryIsStale(db))) return null;
  return db.transaction(async (tx) => {
    if (!(await tryLockRebuild(tx))) return null;
    // Another process may have rebuilt it between the check and the lock.
    if (!(await summaryIsStale(tx))) return null;
    return rebuildSummary(tx);
  });
}

export interface SummaryKeeperOptions {
  /** Time between staleness checks. */
  intervalMs: number;
  onRebuilt?: (build: SummaryBuild, ms: number) => void;
  onError?: (error: unknown) => void;
}

export interface SummaryKeeper {
  /** Checks (and rebuilds if stale) now; resolves when done. Never rejects. */
  check(): Promise<void>;
  /** Stops the timer and waits for a running check. */
  stop(): Promise<void>;
}

/**
 * Keeps the summary fresh in this process: a check at once, then one every `intervalMs`
 * (the timer does not keep the process alive; checks never overlap).
 */
export function keepClusterSummaryFresh(db: Database, options: SummaryKeeperOptions): SummaryKeeper {
  let running: Promise<void> | null = null;
  let stopped = false;
  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      const started = performance.now();
      try {
        const build = await refreshClusterSummaryIfStale(db);
        if (build) options.onRebuilt?.(build, performance.now() - started);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();
  void check();
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
