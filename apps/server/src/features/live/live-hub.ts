/**
 * Live updates (issue 32): one hub per server process fans the map index's change feed out to
 * the open Server-Sent Events streams. The keeper (features/map) already follows the
 * map_changes feed with one LISTEN for the whole process; the hub takes each batch it applied,
 * keeps the recent ones for resuming streams, and writes to every stream that follows a place
 * in it. No stream ever reads the database.
 *
 * Event ids are the keeper's `caughtUpTo`: every change up to it has been sent. A stream that
 * reconnects with Last-Event-ID L is sent the kept changes above L it follows; when the kept
 * ones do not reach back to L (this process started later, or L is too old) it is sent
 * `reset`, and the page reads again what it shows.
 */
import { followsChange, type LiveInterest } from '@playspot/core';
import type { AppliedChange, AppliedChanges } from '../map/index.ts';

export interface LiveLimits {
  /** Open streams per signed-in person (a few tabs and devices). */
  perPerson: number;
  /**
   * Open streams per address when signed out: many families can share one (a carrier's or a
   * school's network), so it is higher.
   */
  perAddress: number;
  /** Open streams in this process. */
  total: number;
  /** Recent changes kept for resuming. */
  backlog: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** A stream whose reader is this far behind (bytes) is cut; it resumes when it reconnects. */
  maxBufferedBytes: number;
  /**
   * A batch of more changes than this (an import, a rebuild) is sent as one `reset`: the page
   * reads again what it shows, instead of every stream being written thousands of events.
   */
  resetAbove: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  perPerson: 6,
  perAddress: 60,
  total: 20_000,
  backlog: 20_000,
  heartbeatMs: 25_000,
  maxBufferedBytes: 256 * 1024,
  resetAbove: 500,
};

/** Where a stream's text goes (an HTTP response in the route, an array in tests). */
export interface LiveSink {
  write(text: string): void;
  /** Bytes written but not yet taken by the reader. */
  readonly buffered: number;
  /** Ends the stream gracefully (the process is closing): the browser reconnects elsewhere. */
  close(): void;
  /**
   * Cuts the stream at once, its socket and what waits in its buffer with it: a reader that
   * stopped reading would otherwise hold both for as long as it stays connected.
   */
  abort(): void;
}

export type LiveOpening =
  { ok: true; close: () => void } | { ok: false; reason: 'too_many_for_caller' | 'too_many_streams' };

interface EncodedChange {
  change: AppliedChange;
  text: string;
}

interface Stream {
  caller: string;
  interest: LiveInterest;
  sink: LiveSink;
}

/** Server-Sent Events framing: one event, its id and JSON data. */
function eventText(event: string, id: number, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class LiveHub {
  private readonly limits: LiveLimits;
  private readonly streams = new Set<Stream>();
  private readonly perCaller = new Map<string, number>();
  /** Changes in the order they were applied (versions may be out of order). */
  private backlog: AppliedChange[] = [];
  /** A resume from L is complete when L ≥ this; null until the first batch. */
  private coveredFrom: number | null = null;
  private caughtUpTo = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(limits: LiveLimits = DEFAULT_LIVE_LIMITS) {
    this.limits = limits;
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Takes one batch the keeper applied and sends it to the streams that follow its places.
   * Each change's event text is made once for the batch, whatever the number of streams.
   */
  receive(applied: AppliedChanges): void {
    this.coveredFrom ??= applied.from;
    this.caughtUpTo = Math.max(this.caughtUpTo, applied.caughtUpTo);
    this.backlog.push(...applied.changes);
    const excess = this.backlog.length - this.limits.backlog;
    if (excess > 0) {
      for (const dropped of this.backlog.slice(0, excess)) {
        this.coveredFrom = Math.max(this.coveredFrom, dropped.version);
      }
      this.backlog = this.backlog.slice(excess);
    }
    if (applied.changes.length > this.limits.resetAbove) {
      const reset = eventText('reset', this.caughtUpTo, {});
      for (const stream of this.streams) this.write(stream, reset);
      return;
    }
    const events = this.encode(applied.changes);
    for (const stream of this.streams) this.send(stream, events);
  }

  /**
   * Opens a stream for `caller` ('user:…' or 'ip:…'), resuming after `lastEventId` when
   * given; refused past the limits.
   */
  open(caller: string, interest: LiveInterest, lastEventId: number | null, sink: LiveSink): LiveOpening {
    if (this.streams.size >= this.limits.total) return { ok: false, reason: 'too_many_streams' };
    const count = this.perCaller.get(caller) ?? 0;
    const limit = caller.startsWith('user:') ? this.limits.perPerson : this.limits.perAddress;
    if (count >= limit) return { ok: false, reason: 'too_many_for_caller' };
    this.perCaller.set(caller, count + 1);
    const stream: Stream = { caller, interest, sink };
    this.streams.add(stream);
    this.startHeartbeat();
    // The browser waits this long before reconnecting a dropped stream.
    sink.write('retry: 3000\n\n');
    if (lastEventId === null) {
      sink.write(eventText('ready', this.caughtUpTo, {}));
    } else if (this.coveredFrom === null || lastEventId < this.coveredFrom) {
      sink.write(eventText('reset', this.caughtUpTo, {}));
    } else {
      sink.write(eventText('ready', lastEventId, {}));
      const missed = this.backlog.filter((change) => change.version > lastEventId);
      if (missed.length > this.limits.resetAbove) sink.write(eventText('reset', this.caughtUpTo, {}));
      else this.send(stream, this.encode(missed));
    }
    return {
      ok: true,
      close: () => {
        this.forget(stream);
      },
    };
  }

  /** Ends every stream (the process is closing): browsers reconnect to another one. */
  closeAll(): void {
    for (const stream of [...this.streams]) {
      this.forget(stream);
      stream.sink.close();
    }
  }

  /** One event text per place of the batch (its first change), in the batch's order. */
  private encode(changes: readonly AppliedChange[]): EncodedChange[] {
    const byPlace = new Map<string, EncodedChange>();
    for (const change of changes) {
      if (byPlace.has(change.locationId)) continue;
      const data = { locationId: change.locationId, position: change.position };
      byPlace.set(change.locationId, { change, text: eventText('change', this.caughtUpTo, data) });
    }
    return [...byPlace.values()];
  }

  private send(stream: Stream, events: readonly EncodedChange[]): void {
    let text = '';
    for (const { change, text: event } of events) {
      if (followsChange(stream.interest, change)) text += event;
    }
    if (text !== '') this.write(stream, text);
  }

  /**
   * Writes to a stream whose reader keeps up; a reader this far behind is cut, its socket and
   * buffer freed now (it resumes when it reconnects), before or after this text goes in.
   */
  private write(stream: Stream, text: string): void {
    if (stream.sink.buffered <= this.limits.maxBufferedBytes) stream.sink.write(text);
    if (stream.sink.buffered > this.limits.maxBufferedBytes) {
      this.forget(stream);
      stream.sink.abort();
    }
  }

  private forget(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    const count = (this.perCaller.get(stream.caller) ?? 1) - 1;
    if (count === 0) this.perCaller.delete(stream.caller);
    else this.perCaller.set(stream.caller, count);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of [...this.streams]) this.write(stream, ': still here\n\n');
    }, this.limits.heartbeatMs);
    this.heartbeat.unref();
  }
}
