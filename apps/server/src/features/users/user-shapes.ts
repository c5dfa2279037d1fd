import type { AddedPlace, CurrentUser, ProfileComment, ProfileVisit, PublicUser } from '@playspot/core';
import type { users } from '../../db/schema.ts';
import type { AddedPlaceRow, UserCommentRow, UserVisitRow } from './users.repository.ts';

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

export function toAddedPlace(row: AddedPlaceRow): AddedPlace {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

export function toProfileComment(row: UserCommentRow): ProfileComment {
  return {
    id: row.id,
    text: row.text,
    location: { id: row.locationId, name: row.locationName },
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProfileVisit(row: UserVisitRow): ProfileVisit {
  return {
    location: { id: row.locationId, name: row.locationName },
    visitedAt: row.visitedAt.toISOString(),
  };
}
