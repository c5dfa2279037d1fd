import type { CurrentUser, PublicUser } from '@playspot/core';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    userName: row.userName,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    role: row.role,
    level: row.level,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    leveledUp: row.leveledUp,
    updatedAt: row.updatedAt.toISOString(),
  };
}
