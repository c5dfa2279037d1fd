/**
 * `BENCH_SMOKE=1`: every benchmark runs on a tiny data set for a few seconds, so CI proves
 * each still runs end to end (a benchmark that no longer runs hides a regression). Nothing
 * is asserted of the figures, and no results file is written.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` normally, `smoke` in a smoke run. */
export const smokeOr = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

export const SMOKE_NOTE =
  'Smoke run (BENCH_SMOKE=1): a tiny data set for seconds; these figures mean nothing.';
