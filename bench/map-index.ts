/**
 * The map index on its own, without a database or HTTP: memory and build time for
 * BENCH_LOCATIONS places (default 1 000 000, spread like the API benchmark's seed), the cost
 * of a compaction, and the time of the map's questions against it.
 *
 *   node --expose-gc bench/map-index.ts
 */
import { randomUUID } from 'node:crypto';
import { MapIndex } from '../apps/server/src/features/map/map-index/map-index.ts';
import { integerFromEnv } from './lib/env.ts';
import { smokeOr } from './lib/smoke.ts';
import { eachSyntheticPlace } from './lib/synthetic-places.ts';
import { queryCentres, viewportBox } from './lib/workload.ts';

const places = integerFromEnv('BENCH_LOCATIONS', smokeOr(1_000_000, 5000), 1);
/** Twelve array entries of 8 bytes and a share of its cell's Map entry. */
const GRID_BYTES_PER_GROUP = 130;
const gc = (globalThis as { gc?: () => void }).gc;

/**
 * After a full collection: live memory (JavaScript heap and buffers, what the index holds)
 * and resident memory (what the operating system gives the process, which keeps pages the
 * build's garbage used).
 */
function memoryMb(): { live: number; resident: number } {
  gc?.();
  const usage = process.memoryUsage();
  return { live: (usage.heapUsed + usage.arrayBuffers) / 1024 / 1024, resident: usage.rss / 1024 / 1024 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function timeEach(label: string, runs: number, question: (i: number) => void): void {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    question(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${percentile(times, 0.5).toFixed(3)} | ${percentile(times, 0.99).toFixed(3)} | ${(1000 / (times.reduce((a, b) => a + b, 0) / runs)).toFixed(0)} |`,
  );
}

const now = new Date();
const before = memoryMb();
const started = performance.now();
const builder = MapIndex.builder(places);
eachSyntheticPlace(places, now, (place) => {
  builder.add(place);
});
let index = builder.seal();
const buildMs = performance.now() - started;
const after = memoryMb();
const storeMb = index.store.approximateBytes() / 1024 / 1024;
const gridMb = (index.grid.groups * GRID_BYTES_PER_GROUP) / 1024 / 1024;
console.log(`${places.toLocaleString('en')} places built in ${(buildMs / 1000).toFixed(2)} s`);
console.log(
  `typed arrays, names and kd-tree: ${storeMb.toFixed(0)} MB; cluster grid: about ${gridMb.toFixed(0)} MB`,
);
console.log(
  `process: live heap and buffers +${(after.live - before.live).toFixed(0)} MB, resident +${(after.resident - before.resident).toFixed(0)} MB (the build's garbage leaves pages with the process)`,
);
console.log(`cluster grid: ${index.grid.groups.toLocaleString('en')} groups`);

const compactStarted = performance.now();
for (let i = 0; i < 1000; i++) {
  index.apply(randomUUID(), { ...index.store.placeOf(i), id: randomUUID(), latitude: 10 + i / 1000 });
}
index = index.compacted();
console.log(`compaction after 1 000 additions: ${(performance.now() - compactStarted).toFixed(0)} ms`);

const questions = queryCentres(1000);
console.log('\n| question | p50 ms | p99 ms | per second (one core) |\n| --- | ---: | ---: | ---: |');
timeEach('50 nearest within 5 km', 5000, (i) => {
  const centre = questions[i % questions.length] ?? { lat: 0, lng: 0 };
  index.near({ centre, radiusKm: 5, filters: {}, limit: 51, offset: 0, now });
});
timeEach('50 nearest within 5 km, indoor and 2-5', 5000, (i) => {
  const centre = questions[i % questions.length] ?? { lat: 0, lng: 0 };
  index.near({ centre, radiusKm: 5, filters: { indoor: true, ageRange: '2-5' }, limit: 51, offset: 0, now });
});
timeEach('viewport z13 points (≤ 301)', 5000, (i) => {
  const centre = questions[i % questions.length] ?? { lat: 0, lng: 0 };
  index.inBox(viewportBox(centre), {}, now, 301);
});
timeEach('viewport z11 live clusters', 1000, (i) => {
  const centre = questions[i % questions.length] ?? { lat: 0, lng: 0 };
  const box = {
    west: centre.lng - 0.35,
    east: centre.lng + 0.35,
    south: centre.lat - 0.2,
    north: centre.lat + 0.2,
  };
  index.liveClusters(box, {}, now, 360 / 2 ** 11 / 8);
});
timeEach('world view z2 grid clusters', 1000, () => {
  index.gridClusters({ west: -180, east: 180, south: -85, north: 85 }, 2, 3, {}, now);
});
timeEach('country view z6 grid clusters, free', 1000, (i) => {
  const centre = questions[i % questions.length] ?? { lat: 0, lng: 0 };
  const box = { west: centre.lng - 6, east: centre.lng + 6, south: centre.lat - 4, north: centre.lat + 4 };
  index.gridClusters(box, 6, 6, { free: true }, now);
});
