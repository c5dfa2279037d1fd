/**
 * The live updates' stream (issue 32): one EventSource on GET /api/live following the places
 * the open pages show. The browser resumes a dropped stream itself, sending Last-Event-ID; a
 * stream reopened because the followed places changed passes the last id as `lastEventId`, so
 * nothing in between is lost. Offline it is closed (no reconnect attempts every few seconds),
 * and opened again when the connection is back. The service worker never answers it: /api/live
 * matches none of its routes.
 */
import { type BoundingBox, type LiveChange } from '@playspot/core';
import { apiUrl, checkedBy } from './api-client.ts';

export interface LiveFollowing {
  readonly places: readonly string[];
  readonly box: BoundingBox | null;
}

export interface LiveStreamHandlers {
  /** A followed place changed: read it again. */
  onChange(change: LiveChange): void;
  /** Changes since the last event are unknown (the server no longer has them): read everything again. */
  onReset(): void;
}

/** Place ids per stream: the address stays short enough for every proxy. */
export const MAX_FOLLOWED_PLACES = 150;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

function followingKey(following: LiveFollowing): string {
  const { box } = following;
  return `${[...following.places].sort().join(',')}|${box ? [box.west, box.south, box.east, box.north].join(',') : ''}`;
}

export class LiveStream {
  private source: EventSource | null = null;
  private following: LiveFollowing = { places: [], box: null };
  private key = followingKey(this.following);
  private lastEventId: string | null = null;
  private online = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private readonly handlers: LiveStreamHandlers;

  constructor(handlers: LiveStreamHandlers) {
    this.handlers = handlers;
  }

  /** Follows these places from now on (the same ones again changes nothing). */
  follow(following: LiveFollowing): void {
    const key = followingKey(following);
    if (key === this.key) return;
    this.following = { places: following.places.slice(0, MAX_FOLLOWED_PLACES), box: following.box };
    this.key = key;
    this.open();
  }

  /** The connection came or went. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (online) this.open();
    else this.stop();
  }

  close(): void {
    this.online = false;
    this.stop();
  }

  private stop(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }

  private open(): void {
    this.stop();
    const { places, box } = this.following;
    if (!this.online || (places.length === 0 && box === null)) return;
    const source = new EventSource(
      apiUrl('/api/live', {
        places: places.join(','),
        ...(box ?? {}),
        lastEventId: this.lastEventId,
      }),
    );
    this.source = source;
    const remember = (event: MessageEvent) => {
      if (event.lastEventId !== '') this.lastEventId = event.lastEventId;
      this.failures = 0;
    };
    source.addEventListener('ready', remember);
    source.addEventListener('reset', (event) => {
      remember(event);
      this.handlers.onReset();
    });
    source.addEventListener('change', (event) => {
      remember(event);
      const data: unknown = JSON.parse(String(event.data));
      // The schema (and zod) load with the first change, not with the page.
      void checkedBy('liveChangeSchema')().then((schema) => {
        const change = schema.safeParse(data);
        if (change.success) this.handlers.onChange(change.data);
      });
    });
    source.addEventListener('error', () => {
      // A dropped stream is reconnected by the browser (CONNECTING); a refusal (too many
      // streams, a server without live updates) closes it: try again later, less and less often.
      if (source.readyState !== EventSource.CLOSED || this.source !== source) return;
      const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
      this.failures += 1;
      this.retryTimer = setTimeout(() => {
        this.open();
      }, delay);
    });
  }
}
