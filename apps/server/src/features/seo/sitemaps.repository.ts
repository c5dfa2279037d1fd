/** The public place pages a sitemap lists: every place, in id order (SQL of features/seo). */
import { and, asc, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';

/** One sitemap's share of the places: its first id (in id order), how many, their last change. */
export interface SitemapShareRow {
  firstId: string;
  places: number;
  lastModifiedMs: number;
}

/**
 * The places cut into shares of `perShare` in id order, one row per share: the database
 * numbers and groups them, so the server holds a row per sitemap, not per place. Ids compare
 * as their text in the C collation, which is the uuid's own order.
 */
export async function sitemapShares(db: Database, perShare: number): Promise<SitemapShareRow[]> {
  const result: unknown = await db.execute(sql`
    select min(id::text collate "C") as "firstId", count(*)::int as "places",
      floor(extract(epoch from max(last_updated_at)) * 1000)::float8 as "lastModifiedMs"
    from (select id, last_updated_at, (row_number() over (order by id) - 1) / ${perShare}::int as share
          from ${locations}) numbered
    group by share
    order by share`);
  return (result as { rows: SitemapShareRow[] }).rows;
}

export interface SitemapPlaceRow {
  id: string;
  lastUpdatedAt: Date;
}

/** Up to `limit` places from `fromId` (inclusive) or after `afterId`, before `beforeId`, in id order. */
export async function sitemapPlaces(
  db: Database,
  range: { fromId: string; afterId: string | null; beforeId: string | null },
  limit: number,
): Promise<SitemapPlaceRow[]> {
  return db
    .select({ id: locations.id, lastUpdatedAt: locations.lastUpdatedAt })
    .from(locations)
    .where(
      and(
        range.afterId === null ? gte(locations.id, range.fromId) : gt(locations.id, range.afterId),
        range.beforeId === null ? undefined : lt(locations.id, range.beforeId),
      ),
    )
    .orderBy(asc(locations.id))
    .limit(limit);
}
