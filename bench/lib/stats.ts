import type { CpuUsage } from './cpu.ts';

/** One side of one comparison: throughput and latency percentiles. */
export interface Measurement {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests or transactions the percentiles are computed from. */
  count: number;
  /** Machine and server CPU during the measured run; null off Linux. */
  cpu: CpuUsage | null;
}

/** Nearest-rank percentile; sorts a copy. */
export function percentile(values: readonly number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** "123 MB" (MB of 2^20 bytes, as upload-burst.ts reports RSS), or "n/a". */
export const megabytes = (bytes: number | null): string =>
  bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MB`;
