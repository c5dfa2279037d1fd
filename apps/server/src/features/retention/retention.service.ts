/**
 * The daily retention job: analytics events older than RETENTION_ANALYTICS_DAYS (400 by
 * default, counted from when the server received them) and sessions that have ended are
 * deleted. The first run is a minute after start, then one a day. Every server process runs
 * it; the deletions are the same whoever runs them first.
 */
import { analyticsRetentionCutoff, RETENTION_INTERVAL_MS } from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import * as repository from './retention.repository.ts';

export interface RetentionResult {
  analyticsEvents: number;
  sessions: number;
}

export interface RetentionLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Delay before the first run, so a starting server is not slowed by it. */
export const FIRST_RUN_DELAY_MS = 60_000;

export function createRetentionService(deps: {
  database: DatabaseHandle;
  now: () => Date;
  analyticsDays: number;
}) {
  /** Deletes in batches until nothing is left to delete. */
  async function drain(deleteBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch();
      total += deleted;
      if (deleted < repository.RETENTION_BATCH) return total;
    }
  }

  async function runOnce(): Promise<RetentionResult> {
    const now = deps.now();
    const cutoff = analyticsRetentionCutoff(now, deps.analyticsDays);
    return {
      analyticsEvents: await drain(() => repository.deleteAnalyticsEventsBefore(deps.database, cutoff)),
      sessions: await drain(() => repository.deleteEndedSessions(deps.database, now)),
    };
  }

  /** Runs the job after `firstRunMs`, then every day; the returned function stops it. */
  function schedule(log: RetentionLog, firstRunMs = FIRST_RUN_DELAY_MS): () => void {
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      runOnce()
        .then(
          (deleted) => {
            log.info({ deleted, analyticsDays: deps.analyticsDays }, 'retention: old data deleted');
          },
          (error: unknown) => {
            log.error({ err: error }, 'retention: failed, trying again tomorrow');
          },
        )
        .finally(() => {
          running = false;
        });
    };
    let daily: NodeJS.Timeout | null = null;
    const first = setTimeout(() => {
      run();
      daily = setInterval(run, RETENTION_INTERVAL_MS);
      daily.unref();
    }, firstRunMs);
    first.unref();
    return () => {
      clearTimeout(first);
      if (daily) clearInterval(daily);
    };
  }

  return { runOnce, schedule };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
