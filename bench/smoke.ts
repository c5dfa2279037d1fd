/**
 * `npm run bench:smoke`: every benchmark once with BENCH_SMOKE=1 (a tiny data set, seconds
 * each), one after another, so that none can stop running unseen. CI runs it after the
 * tests. Nothing is asserted of the figures; a benchmark that fails fails the run.
 */
import { spawnSync } from 'node:child_process';

const BENCHMARKS = [
  'bench',
  // After 'bench', which seeds the smoke database they run on.
  'bench:mixed',
  'bench:server-cpu',
  'bench:embedded',
  'bench:map-index',
  'bench:uncached',
  'bench:scale',
  'bench:uploads',
  'bench:faces',
  'bench:web',
  'bench:web-trace',
];

const failed: string[] = [];
for (const name of BENCHMARKS) {
  console.log(`\n[bench:smoke] npm run ${name}`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', name], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SMOKE: '1' },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (result.status === 0) {
    console.log(`[bench:smoke] ${name} ran (${seconds} s)`);
  } else {
    console.error(
      `[bench:smoke] ${name} FAILED (exit ${String(result.status ?? result.signal)}, ${seconds} s)`,
    );
    failed.push(name);
  }
}
if (failed.length > 0) {
  console.error(
    `\n[bench:smoke] ${String(failed.length)} of ${String(BENCHMARKS.length)} failed: ${failed.join(', ')}`,
  );
  process.exit(1);
}
console.log(`\n[bench:smoke] all ${String(BENCHMARKS.length)} benchmarks ran`);
