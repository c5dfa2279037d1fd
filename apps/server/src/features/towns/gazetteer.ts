/**
 * The towns of the search box (issue 33), in memory: loaded once at start in a worker thread
 * (gazetteer-worker.ts), then searched by core's rules (towns.ts). Prefix matches come from a
 * binary search over the sorted keys; word and typo matches from a scan (the typo scan only
 * over names with the text's first letter: a typo there is rare and would cost a full scan).
 */
import { rankTowns, townKey, type LatLng, type RankedTown, type Town } from '@playspot/core';
import { Worker } from 'node:worker_threads';

export interface GazetteerColumns {
  keys: string[];
  names: string[];
  countries: string[];
  populations: Int32Array;
  lats: Float64Array;
  lngs: Float64Array;
}

export interface GazetteerStats {
  towns: number;
  loadMs: number;
}

export class Gazetteer {
  readonly stats: GazetteerStats;
  private readonly columns: GazetteerColumns;

  constructor(columns: GazetteerColumns, loadMs: number) {
    this.columns = columns;
    this.stats = { towns: columns.keys.length, loadMs };
  }

  private townAt(i: number): Town {
    const { names, countries, populations, lats, lngs } = this.columns;
    return {
      name: names[i] ?? '',
      country: countries[i] ?? '',
      population: populations[i] ?? 0,
      lat: lats[i] ?? 0,
      lng: lngs[i] ?? 0,
    };
  }

  /** The first index whose key is not below `key`. */
  private lowerBound(key: string): number {
    const { keys } = this.columns;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((keys[mid] ?? '') < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  search(text: string, near: LatLng | null, limit: number): RankedTown<Town>[] {
    const textKey = townKey(text);
    if (textKey === '') return [];
    const { keys } = this.columns;
    const picked = new Set<number>();
    // Exact and prefix: one contiguous run of the sorted keys.
    for (let i = this.lowerBound(textKey); i < keys.length && (keys[i] ?? '').startsWith(textKey); i++)
      picked.add(i);
    // Typos: names with the same first letter (a contiguous run too).
    const first = textKey[0] ?? '';
    const nextLetter = String.fromCodePoint((first.codePointAt(0) ?? 0) + 1);
    const end = this.lowerBound(nextLetter);
    for (let i = this.lowerBound(first); i < end; i++) picked.add(i);
    // A word inside a name ("park" in "Albert Park").
    const word = ` ${textKey}`;
    keys.forEach((key, i) => {
      if (key.includes(word)) picked.add(i);
    });
    return rankTowns(
      text,
      [...picked].map((i) => ({ town: this.townAt(i), key: keys[i] ?? '' })),
      near,
      limit,
    );
  }
}

/** Starts loading the gazetteer in a worker thread; resolves when it is ready. */
export function loadGazetteer(): Promise<Gazetteer> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./gazetteer-worker.ts', import.meta.url));
    worker.once('message', (columns: GazetteerColumns) => {
      resolve(new Gazetteer(columns, Math.round(performance.now() - startedAt)));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

let shared: Promise<Gazetteer> | null = null;

/**
 * The process's gazetteer: loaded by the first call (main.ts calls it at start, so it is
 * ready before the first search), then the same for every app the process builds.
 */
export function sharedGazetteer(): Promise<Gazetteer> {
  shared ??= loadGazetteer();
  return shared;
}
