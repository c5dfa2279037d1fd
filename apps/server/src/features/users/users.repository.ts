import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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
