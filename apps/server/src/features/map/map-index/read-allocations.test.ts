/**
 * What 1 000 uncached map reads (new viewport boxes and radius pages) allocate on the
 * JavaScript heap, against a recorded baseline with a wide margin (issue 43): a read that
 * copied or built every place again would allocate hundreds of times more and fail here,
 * while timing noise on a busy machine cannot. Allocation is counted from V8's own heap
 * figures around each collection (v8.GCProfiler), not from time.
 */
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { expect, it } from 'vitest';
import { encodedSummaries, encodedViewportFromIndex } from '../index-reader.ts';
import { MapIndex } from './map-index.ts';
import type { MapPlace } from './map-place.ts';

const PLACES = 20_000;
const READS = 1000;
/**
 * Heap bytes the 1 000 reads allocated when this test was written (31.6 MB, about 32 kB a
 * read: the kd-tree's id lists, the filter test, the page arrays); the test allows three
 * times that. Copying the 20 000 places once per read allocates about 6 MB a read.
 */
const RECORDED_BYTES = 32_000_000;
const MARGIN = 3;
const NOW = new Date('2026-05-02T10:00:00Z');

/** Deterministic places on a 0.5° square (about 80 in a z13 box, as in a city). */
function placeOf(i: number): MapPlace {
  const spread = (n: number) => ((n * 2_654_435_761) % 1_000_003) / 1_000_003;
  return {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    name: `Playground ${String(i)}`,
    latitude: -37 + 0.5 * spread(i),
    longitude: 174.5 + 0.5 * spread(i + 7),
    indoor: i % 3 === 0 ? null : i % 3 === 1,
    free: i % 5 === 0 ? null : i % 5 !== 1,
    ageRanges: i % 2 === 0 ? ['2-5'] : ['5-12', '12+'],
    upVotes: i % 4,
    downVotes: i % 3,
    visitCount: 0,
    commentCount: 0,
    changedAtMs: NOW.getTime(),
    thumbnailKey: i % 10 === 0 ? `photos/${String(i)}/thumb.webp` : null,
    hasEvents: false,
    live: null,
    factMask: i % 6,
    equipmentMask: 0,
    closedUntilMs: 0,
    openingHours: i % 10 === 0 ? 'Mo-Fr 08:00-19:00' : null,
    timeZone: 'Pacific/Auckland',
    names: null,
  };
}

/** Heap bytes allocated while `work` ran: growth between collections plus what each collection found. */
function heapBytesAllocatedBy(work: () => void): number {
  const profiler = new GCProfiler();
  profiler.start();
  const startUsed = getHeapStatistics().used_heap_size;
  work();
  const endUsed = getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let allocated = 0;
  let lastUsed = startUsed;
  for (const collection of statistics) {
    allocated += collection.beforeGC.heapStatistics.usedHeapSize - lastUsed;
    lastUsed = collection.afterGC.heapStatistics.usedHeapSize;
  }
  return allocated + endUsed - lastUsed;
}

it('allocates about what was recorded for 1 000 uncached reads, not a copy of the places per read', () => {
  const builder = MapIndex.builder(PLACES);
  for (let i = 0; i < PLACES; i++) builder.add(placeOf(i));
  const index = builder.seal();
  const urlFor = (key: string) => `https://photos.example/${key}`;
  const read = (i: number) => {
    // A centre of its own per read, walking across the square: every box and circle is new.
    const lat = -36.95 + 0.4 * ((i * 0.618_034) % 1);
    const lng = 174.55 + 0.4 * ((i * 0.414_214) % 1);
    if (i % 2 === 0) {
      const box = {
        west: lng - 0.025,
        east: lng + 0.025,
        south: lat - 0.0175,
        north: lat + 0.0175,
        zoom: 13,
      };
      return encodedViewportFromIndex(index, box, NOW).length;
    }
    const found = index.near({
      centre: { lat, lng },
      radiusKm: 5,
      filters: {},
      limit: 51,
      offset: 0,
      now: NOW,
    });
    return encodedSummaries(index, found.slice(0, 50), null, urlFor, NOW).length;
  };
  let answered = 0;
  // Warm up (compiled code, the writer's buffer, the JSON tables), then count.
  for (let i = 0; i < 200; i++) answered += read(i);
  const allocated = heapBytesAllocatedBy(() => {
    for (let i = 0; i < READS; i++) answered += read(i + 200);
  });
  expect(answered).toBeGreaterThan(READS * 2000);
  expect(allocated).toBeGreaterThan(0);
  expect(allocated, `1 000 reads allocated ${String(allocated)} bytes`).toBeLessThan(RECORDED_BYTES * MARGIN);
});
