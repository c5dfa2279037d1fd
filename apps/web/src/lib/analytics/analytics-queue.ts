/**
 * Batches analytics events (spec §7) so a screen change costs no request of its own:
 * events wait a short moment, then go together to POST /api/analytics; when the page is
 * hidden what is left goes with a beacon. Spec §7: analytics errors are logged and ignored,
 * so a failed batch is dropped, never retried or shown, and never breaks the app.
 */
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_PARAM_KEY_MAX_LENGTH,
  ANALYTICS_PARAM_VALUE_MAX_LENGTH,
  ANALYTICS_PARAMS_MAX,
  type AnalyticsBatchInput,
  type AnalyticsEventInput,
  type AnalyticsEventName,
} from '@playspot/core';

export type AnalyticsParamValue = string | number | boolean;
export type AnalyticsParams = Readonly<Record<string, AnalyticsParamValue | null | undefined>>;

export interface AnalyticsTransport {
  /** Sends a batch while the page is alive; may reject. */
  send(batch: AnalyticsBatchInput): Promise<void>;
  /** Hands a batch to the browser to deliver after the page is gone; false if refused. */
  sendOnExit(batch: AnalyticsBatchInput): boolean;
}

export interface AnalyticsQueueOptions {
  readonly transport: AnalyticsTransport;
  /** How long an event may wait for company before the batch goes. */
  readonly flushDelayMs?: number;
  readonly maxBatchSize?: number;
  readonly now?: () => Date;
  readonly log?: (message: string, error?: unknown) => void;
}

export const DEFAULT_FLUSH_DELAY_MS = 2000;

/** Flat, bounded params the server accepts: no null/undefined, long text shortened, at most 25. */
export function sanitizeParams(params: AnalyticsParams): Record<string, AnalyticsParamValue> {
  const clean: Record<string, AnalyticsParamValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (Object.keys(clean).length >= ANALYTICS_PARAMS_MAX) break;
    if (value === null || value === undefined || key === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    clean[key.slice(0, ANALYTICS_PARAM_KEY_MAX_LENGTH)] =
      typeof value === 'string' ? value.slice(0, ANALYTICS_PARAM_VALUE_MAX_LENGTH) : value;
  }
  return clean;
}

export class AnalyticsQueue {
  private readonly transport: AnalyticsTransport;
  private readonly flushDelayMs: number;
  private readonly maxBatchSize: number;
  private readonly now: () => Date;
  private readonly log: (message: string, error?: unknown) => void;
  private pending: AnalyticsEventInput[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: AnalyticsQueueOptions) {
    this.transport = options.transport;
    this.flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
    this.maxBatchSize = Math.min(options.maxBatchSize ?? ANALYTICS_BATCH_MAX, ANALYTICS_BATCH_MAX);
    this.now = options.now ?? (() => new Date());
    this.log =
      options.log ??
      ((message, error) => {
        console.warn(message, error);
      });
  }

  /** Events waiting to be sent. */
  get size(): number {
    return this.pending.length;
  }

  track(name: AnalyticsEventName, params: AnalyticsParams = {}): void {
    this.pending.push({ name, params: sanitizeParams(params), at: this.now().toISOString() });
    if (this.pending.length >= this.maxBatchSize) {
      void this.flush();
    } else {
      this.timer ??= setTimeout(() => {
        void this.flush();
      }, this.flushDelayMs);
    }
  }

  /** Sends everything waiting, batch by batch; resolves even when sending fails. */
  async flush(): Promise<void> {
    this.cancelTimer();
    while (this.pending.length > 0) {
      const events = this.pending.splice(0, this.maxBatchSize);
      try {
        await this.transport.send({ events });
      } catch (error) {
        this.log(`Analytics: dropped ${events.length} event(s)`, error);
      }
    }
  }

  /** The page is going away: hand everything to the browser's beacon at once. */
  flushOnExit(): void {
    this.cancelTimer();
    while (this.pending.length > 0) {
      const events = this.pending.splice(0, this.maxBatchSize);
      let accepted = false;
      try {
        accepted = this.transport.sendOnExit({ events });
      } catch (error) {
        this.log('Analytics: beacon failed', error);
      }
      if (!accepted) this.log(`Analytics: dropped ${events.length} event(s) on exit`);
    }
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
