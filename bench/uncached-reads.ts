/**
 * The map index's uncached reads in one process, without HTTP: what a viewport request for a
 * box nobody asked for before and a radius request cost the server, from the query to the
 * answer's bytes (the answer cache is not involved). BENCH_PROFILE=1 prints each read's top
 * frames by own time (the inspector's profiler around the measured reads alone). Figures are
 * relative: compare runs on the same machine at the same load.
 *
 *   node bench/uncached-reads.ts            (BENCH_LOCATIONS, default 1 000 000)
 */
import os from 'node:os';
import { encodedSummaries, encodedViewportFromIndex } from '../apps/server/src/features/map/index-reader.ts';
import { MapIndex } from '../apps/server/src/features/map/map-index/map-index.ts';
import { integerFromEnv } from './lib/env.ts';
import { formatFrames, profiled } from './lib/profile.ts';
import { smokeOr } from './lib/smoke.ts';
import { eachSyntheticPlace } from './lib/synthetic-places.ts';
import { PAGE_LIMIT, queryCentres, RADIUS_KM, VIEWPORT_ZOOM, viewportBox } from './lib/workload.ts';

const places = integerFromEnv('BENCH_LOCATIONS', smokeOr(1_000_000, 5000), 1);
const reads = integerFromEnv('BENCH_READS', smokeOr(20_000, 500), 1);
const profile = process.env.BENCH_PROFILE === '1';
const now = new Date();
const urlFor = (key: string) => `https://photos.example/${key}`;
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

console.log(`load average before (1, 5, 15 min): ${loadAverage()}`);
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const builder = MapIndex.builder(places);
eachSyntheticPlace(places, now, (place) => {
  builder.add(place);
});
const index = builder.seal();
const buildMs = performance.now() - started;
const rssPerPlace = (process.memoryUsage().rss - rssBefore) / places;
console.log(
  `${places.toLocaleString('en')} places built in ${(buildMs / 1000).toFixed(2)} s, RSS ${rssPerPlace.toFixed(0)} bytes per place`,
);

/** Every read a centre of its own (a box or circle nobody asked for before). */
const centres = queryCentres(reads + 7919).slice(7919);
const rows: string[] = [];
const profiles: string[] = [];

async function timed(label: string, read: (i: number) => number): Promise<void> {
  // A warm-up round, then the measured one.
  for (let i = 0; i < Math.min(2000, reads); i++) read(i);
  const times = new Float64Array(reads);
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < reads; i++) {
    const at = performance.now();
    bytes += read(i);
    times[i] = performance.now() - at;
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort();
  const p = (q: number) => (times[Math.min(reads - 1, Math.floor(reads * q))] ?? NaN).toFixed(3);
  rows.push(
    `| ${label} | ${p(0.5)} | ${p(0.99)} | ${((cpu.user + cpu.system) / 1000 / reads).toFixed(3)} | ${(bytes / reads).toFixed(0)} |`,
  );
  if (profile) {
    const frames = await profiled(() => {
      for (let i = 0; i < reads; i++) read(i);
    });
    profiles.push(`${label}, top frames by own time:\n${formatFrames(frames)}`);
  }
}

await timed('viewport z13, new boxes', (i) => {
  const centre = centres[i] ?? { lat: 0, lng: 0 };
  const query = { ...viewportBox(centre), zoom: VIEWPORT_ZOOM };
  return encodedViewportFromIndex(index, query, now).length;
});
await timed(`radius ${String(RADIUS_KM)} km, ${String(PAGE_LIMIT)} nearest`, (i) => {
  const centre = centres[i] ?? { lat: 0, lng: 0 };
  const query = { centre, radiusKm: RADIUS_KM, filters: {}, limit: PAGE_LIMIT + 1, offset: 0, now };
  const found = index.near(query);
  return encodedSummaries(index, found.slice(0, PAGE_LIMIT), null, urlFor, now).length;
});
console.log(
  '\n| uncached read | p50 ms | p99 ms | CPU ms per read | answer bytes |\n| --- | ---: | ---: | ---: | ---: |',
);
console.log(rows.join('\n'));
console.log(`load average after (1, 5, 15 min): ${loadAverage()}`);
if (profiles.length > 0) console.log(`\n${profiles.join('\n\n')}`);
