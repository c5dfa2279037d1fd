/** Votes on places and on their tags: the viewer's own, and the writes (spec §4). */
import type { VoteValue } from '@playspot/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, locationVotes, tagVotes } from '../../db/schema.ts';

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

/** Resets a location's tag votes: one up vote per tag by `userId` (spec §4). */
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

export async function findLocationVote(
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

export async function saveLocationVote(
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
