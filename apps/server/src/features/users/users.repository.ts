import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments, locations, users, visits } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** User names are unique regardless of case; lookups ignore case too. */
export async function findUserByUserName(db: Database, userName: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  return row ?? null;
}

export async function isUserNameTakenByOther(
  db: Database,
  userName: string,
  userId: string | null,
): Promise<boolean> {
  const sameName = sql`lower(${users.userName}) = lower(${userName})`;
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
    .set({ userName, updatedAt: now })
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
      sql`lower(${users.email}) = lower(${emailOrUserName}) or lower(${users.userName}) = lower(${emailOrUserName})`,
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

export interface AddedLocationRow {
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
}

export interface UserVisitRow {
  locationId: string;
  locationName: string;
  visitedAt: Date;
}

export async function listAddedLocations(
  db: Database,
  userId: string,
  limit: number,
): Promise<AddedLocationRow[]> {
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
): Promise<UserCommentRow[]> {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      locationId: locations.id,
      locationName: locations.name,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(locations, eq(locations.id, comments.locationId))
    .where(eq(comments.userId, userId))
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

export async function countContributions(db: Database, userId: string): Promise<ContributionCounts> {
  const [[added], [commented], [visited]] = await Promise.all([
    db.select({ n: count() }).from(locations).where(eq(locations.createdByUserId, userId)),
    db.select({ n: count() }).from(comments).where(eq(comments.userId, userId)),
    db.select({ n: count() }).from(visits).where(eq(visits.userId, userId)),
  ]);
  return { locations: added?.n ?? 0, comments: commented?.n ?? 0, visits: visited?.n ?? 0 };
}
