/**
 * The towns of the search box (issue 33), in memory: loaded once at start in a worker thread
 * (gazetteer-worker.ts), then searched by core's rules (towns.ts). Every name of a town is an
 * entry (issue 45: "München", "Muenchen" and "Munich" all find Munich), and a town found by
 * several of its names is listed once, by its best match. Prefix matches come from a binary
 * search over the sorted keys; word and typo matches from a scan (the typo scan only over
 * names with the text's first letter: a typo there is rare and would cost a full scan).
 */
import { rankTowns, townKey, type LatLng, type RankedTown, type Town } from '@playspot/core';
import { Worker } from 'node:worker_threads';

export interface GazetteerColumns {
  towns: {
    names: string[];
    countries: string[];
    populations: Int32Array;
    lats: Float64Array;
    lngs: Float64Array;
  };
  /** Every name of every town as a townKey, sorted. */
  keys: string[];
  /** The spellings each key came from, '\n' between them ("Munchen\nMünchen"). */
  spellings: string[];
  /** The town (an index into `towns`) each key names. */
  townOf: Int32Array;
  /** 1 where the key is the town's own name (or its ASCII form), 0 for an alternate name. */
  own: Uint8Array;
}

/** A town as found: `matchedName` is the name the text matched when it is not the town's own. */
export interface FoundTown extends Town {
  matchedName?: string;
}

export interface GazetteerStats {
  towns: number;
  /** Names of all towns (alternate names included). */
  names: number;
  loadMs: number;
}

export class Gazetteer {
  readonly stats: GazetteerStats;
  private readonly columns: GazetteerColumns;

  constructor(columns: GazetteerColumns, loadMs: number) {
    this.columns = columns;
    this.stats = { towns: columns.towns.names.length, names: columns.keys.length, loadMs };
  }

  /**
   * The town the entry `i` names, with the name the text matched when it is another: the
   * text's own spelling when it is one of the entry's ("Москва", not Bulgarian "Москъва").
   */
  private townOfEntry(i: number, text: string): FoundTown {
    const { names, countries, populations, lats, lngs } = this.columns.towns;
    const town = this.columns.townOf[i] ?? 0;
    const name = names[town] ?? '';
    const spellings = (this.columns.spellings[i] ?? name).split('\n');
    const typed = text.trim().normalize('NFC').toLocaleLowerCase();
    const spelling =
      spellings.find((candidate) => candidate.normalize('NFC').toLocaleLowerCase() === typed) ??
      spellings[0] ??
      name;
    return {
      name,
      country: countries[town] ?? '',
      population: populations[town] ?? 0,
      lat: lats[town] ?? 0,
      lng: lngs[town] ?? 0,
      ...(townKey(spelling) === townKey(name) ? {} : { matchedName: spelling }),
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

  /**
   * The town nearest to `at` within `maxKm` (a place page's title says where it is, issue 47),
   * or null. A scan of every town (about a millisecond): a page is drawn far less often than
   * the box is typed in.
   */
  nearest(at: LatLng, maxKm: number): { name: string; country: string; lat: number; lng: number } | null {
    const { names, countries, lats, lngs } = this.columns.towns;
    const cosLat = Math.cos((at.lat * Math.PI) / 180);
    const maxDegrees = maxKm / 111.32;
    let best = -1;
    let bestSquared = maxDegrees * maxDegrees;
    for (let i = 0; i < names.length; i++) {
      const dLat = (lats[i] ?? 0) - at.lat;
      if (Math.abs(dLat) > maxDegrees) continue;
      const dLng = ((lngs[i] ?? 0) - at.lng) * cosLat;
      const squared = dLat * dLat + dLng * dLng;
      if (squared < bestSquared) {
        best = i;
        bestSquared = squared;
      }
    }
    return best < 0
      ? null
      : {
          name: names[best] ?? '',
          country: countries[best] ?? '',
          lat: lats[best] ?? 0,
          lng: lngs[best] ?? 0,
        };
  }

  search(text: string, near: LatLng | null, limit: number): RankedTown<FoundTown>[] {
    const textKey = townKey(text);
    if (textKey === '') return [];
    const { keys } = this.columns;
    const picked = new Set<number>();
    // Exact and prefix: one contiguous run of the sorted keys.
    for (let i = this.lowerBound(textKey); i < keys.length && (keys[i] ?? '').startsWith(textKey); i++)
      picked.add(i);
    // Typos: names with the same first letter (a contiguous run too); towns' own names only,
    // not their alternates, which would make the scan five times as long.
    const { own } = this.columns;
    const first = textKey[0] ?? '';
    const nextLetter = String.fromCodePoint((first.codePointAt(0) ?? 0) + 1);
    const end = this.lowerBound(nextLetter);
    for (let i = this.lowerBound(first); i < end; i++) if (own[i] === 1) picked.add(i);
    // A word inside a name ("park" in "Albert Park").
    const word = ` ${textKey}`;
    keys.forEach((key, i) => {
      if (key.includes(word)) picked.add(i);
    });
    const entryOf = new Map<FoundTown, number>();
    const candidates = [...picked].map((i) => {
      const town = this.townOfEntry(i, text);
      entryOf.set(town, i);
      return { town, key: keys[i] ?? '' };
    });
    // Each town once, by its best name (ranked first): Munich is found by "Munich", "München"…
    const seen = new Set<number>();
    const out: RankedTown<FoundTown>[] = [];
    for (const ranked of rankTowns(text, candidates, near, Number.MAX_SAFE_INTEGER)) {
      const town = this.columns.townOf[entryOf.get(ranked.town) ?? -1] ?? -1;
      if (seen.has(town)) continue;
      seen.add(town);
      out.push(ranked);
      if (out.length === limit) break;
    }
    return out;
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
  shared ??= loadGazetteer().then((gazetteer) => {
    loaded = gazetteer;
    return gazetteer;
  });
  return shared;
}

let loaded: Gazetteer | null = null;

/** The shared gazetteer if it has loaded, else null (never starts loading it). */
export function loadedSharedGazetteer(): Gazetteer | null {
  return loaded;
}
