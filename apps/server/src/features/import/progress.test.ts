import { describe, expect, it } from 'vitest';
import type { ImportCounts } from './importer.ts';
import { createProgressReporter } from './progress.ts';

const counts = (read: number): ImportCounts => ({
  read,
  created: read,
  updated: 0,
  unchanged: 0,
  merged: 0,
  skipped: 0,
  amenities: 0,
  factsChanged: 0,
  invalid: 0,
  unreadableHours: 0,
  withEquipment: 0,
  devicesAttached: 0,
});

function fakeOutput(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('createProgressReporter', () => {
  it('draws a bar with count, rate and ETA on a terminal, redrawn in place', () => {
    let now = 0;
    let fraction = 0.25;
    const { out, written } = fakeOutput(true);
    const reporter = createProgressReporter(
      out,
      () => fraction,
      () => now,
    );
    now = 2000;
    reporter.progress(counts(50_000));
    expect(written.at(-1)).toBe(
      '\r\u001b[2K[######------------------] 50,000 records  25% · 25,000/s · ETA 0:06 · 0:02 elapsed',
    );
    // Too soon to redraw.
    now = 2050;
    reporter.progress(counts(51_000));
    expect(written).toHaveLength(1);
    now = 4000;
    fraction = 0.5;
    reporter.progress(counts(100_000));
    expect(written.at(-1)).toContain('[############------------] 100,000 records  50%');
  });

  it('writes plain lines every few seconds in a log', () => {
    let now = 0;
    const { out, written } = fakeOutput(false);
    const reporter = createProgressReporter(
      out,
      () => 0.1,
      () => now,
    );
    now = 1000;
    reporter.progress(counts(10_000));
    now = 3000;
    reporter.progress(counts(30_000));
    now = 7000;
    reporter.progress(counts(70_000));
    expect(written).toEqual([
      '10,000 records  10% · 10,000/s · ETA 0:09 · 0:01 elapsed\n',
      '70,000 records  10% · 10,000/s · ETA 1:03 · 0:07 elapsed\n',
    ]);
  });

  it('lists bad records with their id and reason, counts skips by reason, and sums up', () => {
    const { out, written } = fakeOutput(false);
    const reporter = createProgressReporter(
      out,
      () => 1,
      () => 0,
    );
    reporter.problem({ kind: 'invalid', id: 'osm:way/5', reason: 'no usable coordinates' });
    reporter.problem({ kind: 'skipped', id: 'osm:node/1', reason: 'access=private' });
    reporter.problem({ kind: 'skipped', id: 'osm:node/2', reason: 'access=private' });
    for (let i = 0; i < 60; i += 1)
      reporter.problem({ kind: 'invalid', id: `record ${i}`, reason: 'not a JSON object' });
    reporter.finish(
      {
        read: 100,
        created: 30,
        updated: 5,
        unchanged: 2,
        merged: 1,
        skipped: 2,
        amenities: 4,
        factsChanged: 3,
        invalid: 61,
        unreadableHours: 0,
        withEquipment: 2,
        devicesAttached: 1,
        equipmentByKind: { swing: 2, slide: 1 },
        elapsedMs: 2000,
      },
      false,
    );
    expect(written[0]).toBe('bad record osm:way/5: no usable coordinates\n');
    expect(written.filter((line) => line.startsWith('bad record'))).toHaveLength(50);
    expect(written.at(-2)).toBe('… and 11 more bad records\n');
    expect(written.at(-1)).toBe(
      [
        '100 records in 2.0 s (50/s)',
        '  30 created, 5 updated, 2 unchanged, 1 merged into locations from other sources; facts changed on 3',
        '  equipment on 2 places (swing 2, slide 1); 1 devices mapped apart counted into their playground',
        '  4 public amenities (toilets, drinking water…)',
        '  2 skipped (2 access=private), 61 bad records',
        '',
      ].join('\n'),
    );
  });
});
