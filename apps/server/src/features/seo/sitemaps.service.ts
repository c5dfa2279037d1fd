/**
 * Sitemaps of every public place page (issue 47), streamed from the database a page of rows at
 * a time, so a million places never sit in memory: the index is one row per sitemap, and a
 * sitemap is written as its rows arrive. Places live only in `locations`: a removed place is
 * gone from the next answer, and no place is ever hidden from the public page.
 *
 * Kept until the change feed (the map index keeper's) says a place changed: the shares of the
 * index, and each sitemap's gzipped body up to a memory budget. Without the feed
 * (MAP_INDEX=off) nothing is kept and every answer is read afresh.
 */
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import {
  placePagePath,
  placesPerSitemap,
  SITEMAP_END,
  SITEMAP_START,
  sitemapIndexXml,
  sitemapPageEntries,
} from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { sitemapPlaces, sitemapShares, type SitemapShareRow } from './sitemaps.repository.ts';

/** Rows read per database round trip while a sitemap is written. */
const ROWS_PER_READ = 1000;
/** Gzipped sitemaps kept in memory (a share of 50 000 places is about 1 MB). */
const KEPT_BYTES = 32 * 1024 * 1024;

/** Where the changes come from: the map index keeper's one change follower. */
export interface PlaceChangeFeed {
  onChanges(listener: () => void): () => void;
}

export interface SitemapsDeps {
  readonly db: Database;
  /** The public origin pages are addressed on (PUBLIC_URL). */
  readonly origin: string;
  /** The languages pages are served in: with several, each has its address and alternates. */
  readonly languages: readonly string[];
  readonly changes: PlaceChangeFeed | null;
}

export interface SitemapShare extends SitemapShareRow {
  /** Names this share's content for conditional requests (the same in every process). */
  readonly tag: string;
}

export function sitemapPath(number: number): string {
  return `/sitemaps/places-${String(number)}.xml`;
}

const tagOf = (text: string) => `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`;

export function createSitemaps(deps: SitemapsDeps) {
  const perSitemap = placesPerSitemap(deps.origin, deps.languages);
  /** Bumped by every change: what was read before it is not kept. */
  let generation = 0;
  let shares: Promise<SitemapShare[]> | null = null;
  let index: { xml: string; tag: string; generation: number } | null = null;
  const kept = new Map<number, Buffer>();
  let keptBytes = 0;
  const forget = () => {
    generation++;
    shares = null;
    index = null;
    kept.clear();
    keptBytes = 0;
  };
  const stop = deps.changes?.onChanges(forget);

  const readShares = (): Promise<SitemapShare[]> => {
    const read = sitemapShares(deps.db, perSitemap).then((rows) =>
      rows.map((row) => ({
        ...row,
        tag: tagOf(`${row.firstId}:${String(row.places)}:${String(row.lastModifiedMs)}:${deps.origin}`),
      })),
    );
    if (deps.changes === null) return read;
    // A failed read is not kept: the next request tries again.
    const mine = read.catch((error: unknown) => {
      if (shares === mine) shares = null;
      throw error;
    });
    shares = mine;
    return mine;
  };
  const currentShares = () => shares ?? readShares();

  async function* entries(share: SitemapShare, next: SitemapShare | undefined): AsyncGenerator<string> {
    yield SITEMAP_START;
    let afterId: string | null = null;
    for (;;) {
      const rows = await sitemapPlaces(
        deps.db,
        { fromId: share.firstId, afterId, beforeId: next?.firstId ?? null },
        ROWS_PER_READ,
      );
      if (rows.length > 0)
        yield rows
          .map((row) =>
            sitemapPageEntries(deps.origin, placePagePath(row.id), row.lastUpdatedAt, deps.languages),
          )
          .join('');
      const last = rows.at(-1);
      if (last === undefined || rows.length < ROWS_PER_READ) break;
      afterId = last.id;
    }
    yield SITEMAP_END;
  }

  return {
    placesPerSitemap: perSitemap,

    /** The sitemap index: one entry per share, each with its places' last change. */
    async index(): Promise<{ xml: string; tag: string }> {
      if (index !== null && index.generation === generation) return index;
      const at = generation;
      const list = await currentShares();
      const xml = sitemapIndexXml(
        list.map((share, i) => ({
          loc: new URL(sitemapPath(i + 1), deps.origin).href,
          lastModified: new Date(share.lastModifiedMs),
        })),
      );
      // Named by its shares' own tags (their places and last change to the millisecond): the
      // index's text gives lastmod to the second, so a place added in the same second as the
      // last change left it the same and a crawler was told nothing changed.
      const built = { xml, tag: tagOf(list.map((share) => share.tag).join(',')), generation: at };
      if (deps.changes !== null && at === generation) index = built;
      return built;
    },

    /** Sitemap `number` (from 1), or null when there is none. */
    async share(number: number): Promise<SitemapShare | null> {
      return (await currentShares())[number - 1] ?? null;
    },

    /**
     * Sitemap `number`'s XML, gzipped, as a stream written while its rows are read (kept once
     * complete, if the places did not change meanwhile); null when there is no such sitemap.
     */
    async gzipped(number: number): Promise<Readable | null> {
      const list = await currentShares();
      const share = list[number - 1];
      if (share === undefined) return null;
      const done = kept.get(number);
      if (done !== undefined) return Readable.from([done]);
      const at = generation;
      const gzip = createGzip();
      const out = new PassThrough();
      const parts: Buffer[] = [];
      let size = 0;
      gzip.on('data', (part: Buffer) => {
        size += part.length;
        if (size <= KEPT_BYTES) parts.push(part);
      });
      gzip.on('end', () => {
        if (deps.changes === null || at !== generation || keptBytes + size > KEPT_BYTES) return;
        kept.set(number, Buffer.concat(parts));
        keptBytes += size;
      });
      Readable.from(entries(share, list[number]))
        .on('error', (error) => out.destroy(error))
        .pipe(gzip)
        .pipe(out);
      return out;
    },

    close(): void {
      stop?.();
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
