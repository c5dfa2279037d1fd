/** Votes on places and on their tags: the viewer's own, and the writes (spec §4). */
import { verifiedVisitSince, type VoteValue } from '@playspot/core';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, locationVotes, tagVotes, visits } from '../../db/schema.ts';

export async function votesOfUser(db: Database, userId: string, locationIds: string[]) {
  if (locationIds.length === 0) return { locationVotes: [], tagVotes: [] };
  const [own, ownTags] = await Promise.all([
    db
      .select({ locationId: locationVotes.locationId, vote: locationVotes.vote })
      .from(locationVotes)
      .where(and(eq(locationVotes.userId, userId), inArray(locationVotes.locationId, locationIds))),
    db
      .select({ locationId: tagVotes.locationId, tag: tagVotes.tag, vote: tagVotes.vote })
      .from(tagVotes)
      .where(and(eq(tagVotes.userId, userId), inArray(tagVotes.locationId, locationIds))),
  ]);
  return { locationVotes: own, tagVotes: ownTags };
}

export interface VerifiedUpVotes {
  place: number;
  tags: Record<string, number>;
}

/** Whether the voter of this row has visited its place since `since` (a verified vote). */
const byRecentVisitor = (
  locationId: SQL | typeof locationVotes.locationId,
  userId: SQL | typeof locationVotes.userId,
  since: Date,
) =>
  sql`exists (select 1 from ${visits} v where v.location_id = ${locationId} and v.user_id = ${userId}
    and v.visited_at >= ${since.toISOString()}::timestamptz)`;

/** Up votes on these places and their tags by parents who visited them in the last month. */
export async function verifiedUpVotes(
  db: Database,
  locationIds: string[],
  now: Date,
): Promise<Map<string, VerifiedUpVotes>> {
  const result = new Map<string, VerifiedUpVotes>(locationIds.map((id) => [id, { place: 0, tags: {} }]));
  if (locationIds.length === 0) return result;
  const since = verifiedVisitSince(now);
  const [places, tags] = await Promise.all([
    db
      .select({ locationId: locationVotes.locationId, count: sql<number>`count(*)::int` })
      .from(locationVotes)
      .where(
        and(
          inArray(locationVotes.locationId, locationIds),
          eq(locationVotes.vote, 'up'),
          byRecentVisitor(locationVotes.locationId, locationVotes.userId, since),
        ),
      )
      .groupBy(locationVotes.locationId),
    db
      .select({ locationId: tagVotes.locationId, tag: tagVotes.tag, count: sql<number>`count(*)::int` })
      .from(tagVotes)
      .where(
        and(
          inArray(tagVotes.locationId, locationIds),
          eq(tagVotes.vote, 'up'),
          byRecentVisitor(sql`${tagVotes.locationId}`, sql`${tagVotes.userId}`, since),
        ),
      )
      .groupBy(tagVotes.locationId, tagVotes.tag),
  ]);
  for (const row of places) {
    const entry = result.get(row.locationId);
    if (entry) entry.place = row.count;
  }
  for (const row of tags) {
    const entry = result.get(row.locationId);
    if (entry) entry.tags[row.tag] = row.count;
  }
  return result;
}

/** Resets a place's tag votes: one up vote per tag by `userId` (spec §4). */
export async function resetTagVotes(
  tx: Database,
  locationId: string,
  tags: string[],
  userId: string,
): Promise<void> {
  await tx.delete(tagVotes).where(eq(tagVotes.locationId, locationId));
  if (tags.length === 0) return;
  await tx.insert(tagVotes).values(tags.map((tag) => ({ locationId, tag, userId, vote: 'up' as const })));
}

export async function findPlaceVote(
  tx: Database,
  locationId: string,
  userId: string,
): Promise<VoteValue | null> {
  const [row] = await tx
    .select({ vote: locationVotes.vote })
    .from(locationVotes)
    .where(and(eq(locationVotes.locationId, locationId), eq(locationVotes.userId, userId)));
  return row?.vote ?? null;
}

export async function savePlaceVote(
  tx: Database,
  change: {
    locationId: string;
    userId: string;
    vote: VoteValue;
    counts: { up: number; down: number };
    now: Date;
  },
): Promise<void> {
  await tx
    .insert(locationVotes)
    .values({
      locationId: change.locationId,
      userId: change.userId,
      vote: change.vote,
      createdAt: change.now,
      updatedAt: change.now,
    })
    .onConflictDoUpdate({
      target: [locationVotes.locationId, locationVotes.userId],
      set: { vote: change.vote, updatedAt: change.now },
    });
  await tx
    .update(locations)
    .set({ upVotes: change.counts.up, downVotes: change.counts.down })
    .where(eq(locations.id, change.locationId));
}

export async function findTagVote(
  tx: Database,
  locationId: string,
  tag: string,
  userId: string,
): Promise<VoteValue | null> {
  const [row] = await tx
    .select({ vote: tagVotes.vote })
    .from(tagVotes)
    .where(and(eq(tagVotes.locationId, locationId), eq(tagVotes.tag, tag), eq(tagVotes.userId, userId)));
  return row?.vote ?? null;
}

export async function saveTagVote(
  tx: Database,
  change: { locationId: string; tag: string; userId: string; vote: VoteValue | null },
): Promise<void> {
  const key = and(
    eq(tagVotes.locationId, change.locationId),
    eq(tagVotes.tag, change.tag),
    eq(tagVotes.userId, change.userId),
  );
  if (change.vote === null) {
    await tx.delete(tagVotes).where(key);
    return;
  }
  await tx
    .insert(tagVotes)
    .values({ locationId: change.locationId, tag: change.tag, userId: change.userId, vote: change.vote })
    .onConflictDoUpdate({
      target: [tagVotes.locationId, tagVotes.tag, tagVotes.userId],
      set: { vote: change.vote },
    });
}

export async function tagCountOf(tx: Database, locationId: string, tag: string) {
  const [row] = await tx
    .select({
      up: sql<number>`count(*) filter (where ${tagVotes.vote} = 'up')::int`,
      down: sql<number>`count(*) filter (where ${tagVotes.vote} = 'down')::int`,
    })
    .from(tagVotes)
    .where(and(eq(tagVotes.locationId, locationId), eq(tagVotes.tag, tag)));
  return { up: row?.up ?? 0, down: row?.down ?? 0 };
}
