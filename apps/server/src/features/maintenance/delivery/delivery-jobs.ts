/**
 * The delivery jobs on pg-boss (issue 48): kept in the database (pg-boss's own schema, on
 * PGlite through its PGlite adapter and on PostgreSQL through a small pool of its own), queued
 * in the same transaction that made the defect, retried with exponential backoff, and fetched
 * with SKIP LOCKED so one process of several runs each job. A process that dies mid-delivery
 * leaves its job active until `timeoutSeconds` pass; pg-boss then hands it to another.
 */
import { PgBoss, type Job, type JobWithMetadata } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, JobQueueConnection } from '../../../db/client.ts';
import { jobQueueIn } from '../../../db/job-queue.ts';
import type { Delivery } from './deliver.ts';

export const DELIVERY_QUEUE = 'defect-delivery';
export const OPEN311_POLL_QUEUE = 'defect-open311-poll';

export interface DeliverySettings {
  /** Retries after the first attempt before a delivery shows as failed. */
  retries: number;
  /** The first retry's delay; each next one doubles (pg-boss backoff, with jitter), up to 6 h. */
  retryDelaySeconds: number;
  /** An attempt still running after this is handed to another process (one that died). */
  timeoutSeconds: number;
  /** Between two questions to an Open311 server about one request. */
  open311PollSeconds: number;
  /** Questions per request before PlaySpot stops asking (bounded polling). */
  open311Polls: number;
  /** This process fetches and runs jobs (false: it only queues them). */
  work: boolean;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retries: 8,
  retryDelaySeconds: 60,
  timeoutSeconds: 120,
  open311PollSeconds: 3600,
  open311Polls: 24 * 14,
  work: true,
};

const MAX_RETRY_DELAY_SECONDS = 6 * 3600;

interface DeliveryJob {
  defectId: string;
}
interface PollJob {
  defectId: string;
  poll: number;
}

export interface DeliveryJobs {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Queues a defect's delivery inside the caller's transaction (it is sent only if that commits). */
  enqueue(tx: Database, defectId: string): Promise<void>;
}

export function createDeliveryJobs(
  connection: JobQueueConnection,
  settings: DeliverySettings,
  delivery: Delivery,
  log: FastifyBaseLogger,
): DeliveryJobs {
  // Expired attempts are noticed when pg-boss supervises: as often as the timeout asks.
  const superviseSeconds = Math.max(1, Math.min(60, settings.timeoutSeconds));
  const boss = new PgBoss({
    ...(connection.backend === 'pglite'
      ? { db: connection.db, backend: 'pglite' as const }
      : { connectionString: connection.connectionString, max: 3 }),
    schema: 'pgboss',
    schedule: false,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (error) => {
    log.error({ err: error }, 'delivery jobs: pg-boss error');
  });
  const pollingIntervalSeconds = Math.max(0.5, Math.min(2, settings.timeoutSeconds / 2));

  async function work(): Promise<void> {
    await boss.work(
      DELIVERY_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
      async ([job]: JobWithMetadata<DeliveryJob>[]) => {
        if (!job) return;
        const attempt = { number: job.retryCount + 1, last: job.retryCount >= job.retryLimit };
        log.info({ defectId: job.data.defectId, attempt: attempt.number }, 'delivering a defect');
        const { filedOpen311 } = await delivery.deliver(job.data.defectId, attempt);
        if (filedOpen311) await queuePoll({ defectId: job.data.defectId, poll: 1 });
      },
    );
    await boss.work(
      OPEN311_POLL_QUEUE,
      { batchSize: 1, pollingIntervalSeconds },
      async ([job]: Job<PollJob>[]) => {
        if (!job) return;
        const outcome = await delivery.poll(job.data.defectId);
        if (outcome === 'again' && job.data.poll < settings.open311Polls)
          await queuePoll({ defectId: job.data.defectId, poll: job.data.poll + 1 });
      },
    );
  }

  async function queuePoll(job: PollJob): Promise<void> {
    await boss.send(OPEN311_POLL_QUEUE, job, { startAfter: settings.open311PollSeconds });
  }

  return {
    async start() {
      await boss.start();
      const retry = {
        retryLimit: settings.retries,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: Math.max(settings.retryDelaySeconds, MAX_RETRY_DELAY_SECONDS),
        expireInSeconds: settings.timeoutSeconds,
      };
      for (const queue of [DELIVERY_QUEUE, OPEN311_POLL_QUEUE]) {
        await boss.createQueue(queue, retry);
        // A queue made by an earlier start keeps its settings; these are the ones configured now.
        await boss.updateQueue(queue, retry);
      }
      if (settings.work) await work();
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
    async enqueue(tx, defectId) {
      await boss.send(DELIVERY_QUEUE, { defectId }, { db: jobQueueIn(tx) });
    },
  };
}
