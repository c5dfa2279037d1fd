import { userNameKey, userNameSkeleton } from '@playspot/core';
import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, locations, users, visits } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The columns a user name is stored in: as chosen, case-folded, and as its look-alike skeleton. */
export function userNameColumns(userName: string) {
  return { userName, userNameKey: userNameKey(userName), userNameSkeleton: userNameSkeleton(userName) };
}

/** Lookups ignore case in any script (core userNameKey). */
export async function findUserByUserName(db: Database, userName: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.userNameKey, userNameKey(userName)));
  return row ?? null;
}

export async function isUserNameTakenByOther(
  db: Database,
  userName: string,
  userId: string | null,
): Promise<boolean> {
  // Taken when it is, or only looks like, someone else's (core userNameSkeleton).
  const sameName = eq(users.userNameSkeleton, userNameSkeleton(userName));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(userId ? and(sameName, ne(users.id, userId)) : sameName)
    .limit(1);
  return row !== undefined;
}

export async function updateUserName(
  db: Database,
  userId: string,
  userName: string,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...userNameColumns(userName), updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Finds a user by email (case-insensitive) or user name, for the admin CLI. */
export async function findUsersByEmailOrUserName(db: Database, emailOrUserName: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = lower(${emailOrUserName})`,
        eq(users.userNameKey, userNameKey(emailOrUserName)),
      ),
    );
}

export async function updateRole(
  db: Database,
  userId: string,
  role: UserRow['role'],
  now: Date,
): Promise<void> {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------
// Contributions: what a person added, newest first, with the names their links need.
// ---------------------------------------------------------------------------------------

export interface AddedPlaceRow {
  id: string;
  name: string;
  createdAt: Date;
}

export interface UserCommentRow {
  id: string;
  text: string;
  locationId: string;
  locationName: string;
  createdAt: Date;
  /** Hidden from everyone but its author and moderators (features/reports). */
  hidden: boolean;
}

/** Whose eyes a list is for: the public leaves hidden comments out, the author sees them. */
export interface ContributionView {
  includeHidden: boolean;
}

const commentsOf = (userId: string, view: ContributionView) =>
  view.includeHidden
    ? eq(comments.userId, userId)
    : and(eq(comments.userId, userId), sql`${comments.hiddenAt} is null`);

export interface UserVisitRow {
  locationId: string;
  locationName: string;
  visitedAt: Date;
}

export async function listAddedPlaces(db: Database, userId: string, limit: number): Promise<AddedPlaceRow[]> {
  return db
    .select({ id: locations.id, name: locations.name, createdAt: locations.createdAt })
    .from(locations)
    .where(eq(locations.createdByUserId, userId))
    .orderBy(desc(locations.createdAt), desc(locations.id))
    .limit(limit);
}

export async function listUserComments(
  db: Database,
  userId: string,
  limit: number,
  view: ContributionView,
): Promise<UserCommentRow[]> {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      locationId: locations.id,
      locationName: locations.name,
      createdAt: comments.createdAt,
      hidden: sql<boolean>`${comments.hiddenAt} is not null`,
    })
    .from(comments)
    .innerJoin(locations, eq(locations.id, comments.locationId))
    .where(commentsOf(userId, view))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

export async function listUserVisits(db: Database, userId: string, limit: number): Promise<UserVisitRow[]> {
  return db
    .select({ locationId: locations.id, locationName: locations.name, visitedAt: visits.visitedAt })
    .from(visits)
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(eq(visits.userId, userId))
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(limit);
}

export interface ContributionCounts {
  locations: number;
  comments: number;
  visits: number;
}

export async function countContributions(
  db: Database,
  userId: string,
  view: ContributionView,
): Promise<ContributionCounts> {
  const [[added], [commented], [visited]] = await Promise.all([
    db.select({ n: count() }).from(locations).where(eq(locations.createdByUserId, userId)),
    db.select({ n: count() }).from(comments).where(commentsOf(userId, view)),
    db.select({ n: count() }).from(visits).where(eq(visits.userId, userId)),
  ]);
  return { locations: added?.n ?? 0, comments: commented?.n ?? 0, visits: visited?.n ?? 0 };
}
