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
