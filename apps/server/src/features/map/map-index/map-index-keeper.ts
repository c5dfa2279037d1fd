/**
 * Keeps this process's map index exact with the database, which stays the source of truth:
 *
 * - Build: streamed from the locations table by id, with progress in the log; until it is
 *   ready the map reads SQL.
 * - Changes: triggers write every changed place to map_changes and NOTIFY. On a
 *   notification (and before a write's response, so a parent sees their own change at once)
 *   the keeper reads the feed after its version and re-reads those places. A version can
 *   commit after a later one (transactions end in any order): a gap is waited for up to
 *   GAP_GRACE_MS, then taken for a rollback.
 * - Safety nets: a catch-up after every (re)connection of the listener, and a periodic
 *   checksum against the table that rebuilds the index when they keep disagreeing.
 */
import { collectGarbage } from '../../../lib/collect-garbage.ts';
import type { DatabaseHandle } from '../../../db/client.ts';
import { MapAnswerCache, type AnswerCacheStats } from './answer-cache.ts';
import { MapIndex } from './map-index.ts';
import { compareChecksums } from './place-checksum.ts';
import * as repository from './map-index.repository.ts';

export const MAP_CHANGES_CHANNEL = 'map_changes';
/** A missing version this old is taken for a rolled-back transaction. */
const GAP_GRACE_MS = 10_000;
/** Changes a build re-reads from before its start: transactions that were still running. */
const RECENT_REPLAY = 1000;
const FEED_PAGE = 5000;
/** Feed rows older than this are pruned; a process further behind rebuilds. */
const FEED_RETENTION_SECONDS = 3600;
/** Differences at the same moment before a rebuild, and looks at most per check (place-checksum.ts). */
const CHECKSUM_ATTEMPTS = 3;
const CHECKSUM_LOOKS = 8;
const CHECKSUM_RETRY_MS = 500;

export type KeeperLog = Record<'info' | 'warn' | 'error', (details: object, message: string) => void>;

export interface MapIndexStatus {
  state: 'building' | 'ready' | 'failed';
  places: number;
  /** How long the last build took. */
  buildMs: number | null;
  /** The process's RSS growth during the last build: the index's memory as the system sees it. */
  buildRssDeltaBytes: number | null;
  /** The newest change applied (map_changes version). */
  version: number;
  /** Viewport answers kept for repeats of the same URL (answer-cache.ts). */
  answerCache: AnswerCacheStats;
}

/** Bytes of viewport answers each process keeps: about 1 500 answers of 300 markers. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** A place whose data changed, as the feed named it (features/live tells the open pages). */
export interface AppliedChange {
  version: number;
  locationId: string;
  /** Where the place is now; null once it is gone. */
  position: { lat: number; lng: number } | null;
}

/**
 * Changes one catch-up applied. `from` was the cursor before it: with `caughtUpTo` after it,
 * every version in (from, caughtUpTo] has been told (or given up as rolled back); versions
 * above caughtUpTo may be among `changes` too (read before an older one committed).
 */
export interface AppliedChanges {
  from: number;
  caughtUpTo: number;
  changes: AppliedChange[];
}

interface FreshIndex {
  index: MapIndex;
  cursor: number;
}

export class MapIndexKeeper {
  /** This process's viewport answers by map state and URL. */
  readonly answers = new MapAnswerCache(ANSWER_CACHE_BYTES);
  private current: MapIndex | null = null;
  private cursor = 0;
  /** Versions above the cursor already applied, and when each was read. */
  private readonly applied = new Map<number, number>();
  private newest = 0;
  private fresh: FreshIndex | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  private state: MapIndexStatus['state'] = 'building';
  private buildMs: number | null = null;
  private buildRssDeltaBytes: number | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private gapTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Resolved when the first build has ended, ready or failed (main.ts starts the towns' worker then). */
  readonly firstBuild = Promise.withResolvers<undefined>();
  private readonly changeListeners = new Set<(applied: AppliedChanges) => void>();
  private readonly database: DatabaseHandle;
  private readonly log: KeeperLog;
  private readonly checkMs: number;
  private readonly gapGraceMs: number;

  constructor(database: DatabaseHandle, log: KeeperLog, options: { checkMs: number; gapGraceMs?: number }) {
    this.database = database;
    this.log = log;
    this.checkMs = options.checkMs;
    this.gapGraceMs = options.gapGraceMs ?? GAP_GRACE_MS;
  }

  /**
   * The index when ready (read it synchronously: it may be replaced between awaits). Reads
   * take it as it is, never waiting for a catch-up under way: that waits on the database.
   */
  get index(): MapIndex | null {
    return this.current;
  }

  /** The newest change applied (map_changes version). */
  get version(): number {
    return this.newest;
  }

  status(): MapIndexStatus {
    return {
      state: this.state,
      places: this.current?.size ?? 0,
      buildMs: this.buildMs,
      buildRssDeltaBytes: this.buildRssDeltaBytes,
      version: this.newest,
      answerCache: this.answers.stats(),
    };
  }

  /**
   * Calls `listener` after each catch-up that applied changes, synchronously with the index
   * (features/live fans them out to open streams). Returns the unsubscribe.
   */
  onChanges(listener: (applied: AppliedChanges) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** For metrics: the newest change applied, and how many newer ones the feed holds unread. */
  async lagStatus(): Promise<{ ready: boolean; places: number; version: number; lag: number }> {
    const { newest } = await repository.feedBounds(this.database.db);
    return {
      ready: this.state === 'ready' && this.current !== null,
      places: this.current?.size ?? 0,
      version: this.newest,
      lag: Math.max(0, newest - Math.max(this.cursor, this.newest)),
    };
  }

  /** Listens for changes, then builds; resolves when the index is ready. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(MAP_CHANGES_CHANNEL, {
      onNotify: () => void this.catchUp(),
      // After a reconnect notifications may have been missed: the feed has them.
      onListening: () => void this.catchUp(),
      onError: (error) => {
        this.log.warn({ err: error }, 'map index: change listener lost, reconnecting');
      },
    });
    if (this.checkMs > 0) {
      const timer = setInterval(() => void this.check(), this.checkMs);
      timer.unref();
      this.timers.push(timer);
    }
    await this.rebuild('start');
  }

  /** Builds a new index from the table (the old one serves meanwhile) and swaps it in. */
  rebuild(reason: string): Promise<void> {
    this.building ??= this.build(reason).finally(() => {
      this.firstBuild.resolve(undefined);
      this.building = null;
    });
    return this.building;
  }

  private async build(reason: string): Promise<void> {
    const started = performance.now();
    const rssBefore = process.memoryUsage.rss();
    const db = this.database.db;
    try {
      const issued = await repository.lastIssuedVersion(db);
      const { oldest } = await repository.feedBounds(db);
      const expected = await repository.countPlaces(db);
      this.log.info({ reason, places: expected }, 'map index: building');
      const builder = MapIndex.builder(expected);
      const [lives, extras] = await Promise.all([
        repository.livesOf(db, null),
        repository.pageExtras(this.database),
      ]);
      let loaded = 0;
      let reported = performance.now();
      for await (const rows of repository.placePages(this.database)) {
        for (const row of rows) {
          if (builder.full()) throw new Error('more places arrived during the build than it made room for');
          builder.add(repository.placeFromRow(row, lives, extras), repository.pageCoordinates(row));
        }
        loaded += rows.length;
        if (performance.now() - reported > 5000) {
          reported = performance.now();
          this.log.info({ loaded, of: expected }, 'map index: building');
        }
      }
      // Never below what the feed still holds: pruned versions would look like open transactions.
      this.fresh = { index: builder.seal(), cursor: Math.max(0, issued - RECENT_REPLAY, oldest - 1) };
      await this.catchUp();
      collectGarbage(); // the pages' garbage, so the RSS is the index's (lib/collect-garbage.ts)
      this.buildMs = Math.round(performance.now() - started);
      this.buildRssDeltaBytes = process.memoryUsage.rss() - rssBefore;
      this.state = 'ready';
      this.log.info({ places: this.current?.size ?? 0, ms: this.buildMs }, 'map index: ready');
    } catch (error) {
      if (this.closed) return;
      if (!this.current) this.state = 'failed';
      this.log.error({ err: error }, 'map index: build failed');
      throw error;
    }
  }

  /**
   * Applies every committed change after this process's version. Calls made while one runs
   * share the next run, which starts after it: a caller's own committed write is included.
   */
  catchUp(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.running) {
      this.running = this.applyChanges()
        .catch((error: unknown) => {
          if (!this.closed) this.log.error({ err: error }, 'map index: catch-up failed');
        })
        .finally(() => {
          this.running = null;
        });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.catchUp();
    });
    return this.queued;
  }

  private async applyChanges(): Promise<void> {
    if (this.fresh) {
      // A rebuild can change answers without a new version (a checksum found the index wrong):
      // no kept answer may outlive the index it came from.
      if (this.current) this.answers.clear();
      this.current = this.fresh.index;
      this.cursor = this.fresh.cursor;
      this.applied.clear();
      this.fresh = null;
    }
    if (!this.current) return;
    const db = this.database.db;
    const from = this.cursor;
    const told: AppliedChange[] = [];
    // From the cursor (a missing version may have committed since), then page by page.
    let after = this.cursor;
    for (;;) {
      const changes = await repository.changesAfter(db, after, FEED_PAGE);
      const unseen = changes.filter((change) => !this.applied.has(change.version));
      if (unseen.some((change) => change.locationId === repository.EVERYTHING_CHANGED)) {
        // A failed build has been logged; the current index serves until the next check.
        this.rebuild('the locations table was emptied').catch(() => undefined);
        return;
      }
      const ids = [...new Set(unseen.map((change) => change.locationId))];
      const places = await repository.mapPlacesByIds(this.database, ids);
      // Synchronously from here: readers see all of this batch or none of it.
      const byId = new Map(places.map((place) => [place.id, place]));
      for (const id of ids) {
        if (this.current.needsCompaction) this.current = this.current.compacted();
        this.current.apply(id, byId.get(id) ?? null);
      }
      const readAt = Date.now();
      for (const change of unseen) {
        this.applied.set(change.version, readAt);
        this.newest = Math.max(this.newest, change.version);
        const place = byId.get(change.locationId);
        told.push({
          version: change.version,
          locationId: change.locationId,
          position: place ? { lat: place.latitude, lng: place.longitude } : null,
        });
      }
      after = changes.at(-1)?.version ?? after;
      if (changes.length < FEED_PAGE) break;
    }
    this.advanceCursor();
    if (this.applied.size > 0) this.recheckGapsSoon();
    if (told.length > 0) this.tell({ from, caughtUpTo: this.cursor, changes: told });
  }

  private tell(applied: AppliedChanges): void {
    for (const listener of this.changeListeners) {
      try {
        listener(applied);
      } catch (error) {
        this.log.error({ err: error }, 'map index: a change listener failed');
      }
    }
  }

  /**
   * Moves the cursor over applied versions. Versions missing below an applied one belong to
   * transactions still open when it was read, or rolled back: once it was read GAP_GRACE_MS
   * ago, the whole run of them is passed over.
   */
  private advanceCursor(): void {
    const now = Date.now();
    for (;;) {
      const next = this.cursor + 1;
      if (this.applied.delete(next)) {
        this.cursor = next;
        continue;
      }
      let lowest = Infinity;
      for (const version of this.applied.keys()) lowest = Math.min(lowest, version);
      const readAt = this.applied.get(lowest);
      if (readAt === undefined || now - readAt < this.gapGraceMs) return;
      this.cursor = lowest - 1;
    }
  }

  /** Every version up to this one is applied (or was given up as rolled back). */
  get caughtUpTo(): number {
    return this.cursor;
  }

  private recheckGapsSoon(): void {
    if (this.gapTimer || this.closed) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      void this.catchUp();
    }, 1000);
    this.gapTimer.unref();
  }

  /** Prunes the feed, catches up and compares checksums; rebuilds when they keep differing. */
  async check(): Promise<void> {
    if (this.closed || !this.current || this.building) return;
    const db = this.database.db;
    try {
      await repository.pruneChanges(db, FEED_RETENTION_SECONDS);
      const { oldest } = await repository.feedBounds(db);
      if (oldest > this.cursor + 1 && this.cursor > 0) {
        await this.rebuild('changes were pruned before this process read them');
        return;
      }
      let differences = 0;
      for (let look = 1; look <= CHECKSUM_LOOKS; look++) {
        await this.catchUp();
        const table = await repository.databaseChecksum(db);
        // Changes that committed while the checksum ran are read before comparing.
        await this.catchUp();
        // Read afresh: the index may have been swapped or the keeper closed meanwhile.
        const index = this.liveIndex();
        if (!index) return;
        const actual = index.store.checksum();
        const verdict = compareChecksums(table, { sums: actual, newestApplied: this.newest });
        if (verdict === 'same') return;
        if (verdict === 'different' && ++differences === CHECKSUM_ATTEMPTS) {
          this.log.warn({ expected: table.sums, actual }, 'map index: differs from the database, rebuilding');
          await this.rebuild('checksum differed from the database');
          return;
        }
        // Look again in a moment. Writes committing during every look: the next check looks.
        await new Promise((resolve) => setTimeout(resolve, CHECKSUM_RETRY_MS));
      }
    } catch (error) {
      if (this.liveIndex()) this.log.error({ err: error }, 'map index: check failed');
    }
  }

  /** The index unless the keeper was closed. */
  private liveIndex(): MapIndex | null {
    return this.closed ? null : this.current;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.unlisten?.().catch(() => undefined);
    await Promise.allSettled([this.running, this.queued, this.building]);
  }
}
