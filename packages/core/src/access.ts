/**
 * Who may do what (spec §6 leaves roles' rights open; this is PlaySpot's policy):
 * moderators and admins may act on anything a member owns; admins alone manage roles and
 * deals. Routes declare what they need; these functions decide.
 */
import type { UserRole } from './constants.ts';

const ROLE_RANK: Record<UserRole, number> = { basic: 0, moderator: 1, admin: 2 };

/** True when `role` is `required` or a stronger role (admin ⊇ moderator ⊇ basic). */
export function roleSatisfies(role: UserRole, required: UserRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

export interface Actor {
  readonly id: string;
  readonly role: UserRole;
}

/**
 * May `actor` change or delete something owned by `ownerId`? The owner may; so may a
 * moderator or admin. Something without an owner (imported data, a deleted account's
 * contribution) is only for moderators and admins.
 */
export function canModifyOwned(actor: Actor, ownerId: string | null): boolean {
  return (ownerId !== null && actor.id === ownerId) || roleSatisfies(actor.role, 'moderator');
}

/** A photo as the deletion rule sees it. */
export interface PhotoOwnership {
  /** Who uploaded it; null once their account is gone. */
  readonly uploadedByUserId: string | null;
  /** Set when the photo belongs to a comment rather than to the place itself. */
  readonly commentId: string | null;
  /** Who added the place; null for imported places and deleted accounts. */
  readonly placeCreatedByUserId: string | null;
}

/**
 * May `actor` delete one photo? Its uploader may, and so may moderators and admins. The
 * person who added the place may also delete the place's own photos (they look after its
 * page), but not a photo on someone else's comment: that belongs with the comment's words.
 */
export function canDeletePhoto(actor: Actor, photo: PhotoOwnership): boolean {
  if (canModifyOwned(actor, photo.uploadedByUserId)) return true;
  return (
    photo.commentId === null && photo.placeCreatedByUserId !== null && actor.id === photo.placeCreatedByUserId
  );
}
