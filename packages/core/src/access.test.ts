import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canDeletePhoto, canModifyOwned, roleSatisfies, type PhotoOwnership } from './access.ts';
import { USER_ROLES } from './constants.ts';

describe('roleSatisfies', () => {
  it.each([
    ['basic', 'basic', true],
    ['basic', 'moderator', false],
    ['basic', 'admin', false],
    ['moderator', 'basic', true],
    ['moderator', 'moderator', true],
    ['moderator', 'admin', false],
    ['admin', 'basic', true],
    ['admin', 'moderator', true],
    ['admin', 'admin', true],
  ] as const)('%s satisfies %s: %s', (role, required, expected) => {
    expect(roleSatisfies(role, required)).toBe(expected);
  });
});

describe('canModifyOwned', () => {
  it.each([
    ['the owner', { id: 'u1', role: 'basic' }, 'u1', true],
    ['another member', { id: 'u2', role: 'basic' }, 'u1', false],
    ['a moderator', { id: 'm', role: 'moderator' }, 'u1', true],
    ['an admin', { id: 'a', role: 'admin' }, 'u1', true],
    ['a member, on ownerless data', { id: 'u1', role: 'basic' }, null, false],
    ['a moderator, on ownerless data', { id: 'm', role: 'moderator' }, null, true],
  ] as const)('%s → %s', (_who, actor, ownerId, expected) => {
    expect(canModifyOwned(actor, ownerId)).toBe(expected);
  });

  it('a stronger role never has fewer rights', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...USER_ROLES),
        fc.constantFrom(...USER_ROLES),
        fc.option(fc.constantFrom('u1', 'u2'), { nil: null }),
        (weaker, stronger, ownerId) => {
          fc.pre(roleSatisfies(stronger, weaker));
          const weakAllowed = canModifyOwned({ id: 'u1', role: weaker }, ownerId);
          const strongAllowed = canModifyOwned({ id: 'u1', role: stronger }, ownerId);
          expect(!weakAllowed || strongAllowed).toBe(true);
        },
      ),
    );
  });
});

describe('canDeletePhoto', () => {
  const placePhoto: PhotoOwnership = {
    uploadedByUserId: 'uploader',
    commentId: null,
    placeCreatedByUserId: 'creator',
  };
  const commentPhoto: PhotoOwnership = { ...placePhoto, commentId: 'c1' };
  const orphanPhoto: PhotoOwnership = { uploadedByUserId: null, commentId: null, placeCreatedByUserId: null };
  it.each([
    ['the uploader, a place photo', { id: 'uploader', role: 'basic' }, placePhoto, true],
    ['the uploader, a comment photo', { id: 'uploader', role: 'basic' }, commentPhoto, true],
    ["the place's creator, a place photo", { id: 'creator', role: 'basic' }, placePhoto, true],
    ["the place's creator, a comment photo", { id: 'creator', role: 'basic' }, commentPhoto, false],
    ['another member', { id: 'other', role: 'basic' }, placePhoto, false],
    ['another member, an imported place', { id: 'other', role: 'basic' }, orphanPhoto, false],
    ['a moderator', { id: 'm', role: 'moderator' }, commentPhoto, true],
    ['an admin', { id: 'a', role: 'admin' }, placePhoto, true],
    ['a moderator, ownerless photo', { id: 'm', role: 'moderator' }, orphanPhoto, true],
  ] as const)('%s → %s', (_who, actor, photo, expected) => {
    expect(canDeletePhoto(actor, photo)).toBe(expected);
  });

  it('a stronger role never has fewer rights', () => {
    const someone = fc.option(fc.constantFrom('u1', 'u2'), { nil: null });
    fc.assert(
      fc.property(
        fc.constantFrom(...USER_ROLES),
        fc.constantFrom(...USER_ROLES),
        fc.record({ uploadedByUserId: someone, commentId: someone, placeCreatedByUserId: someone }),
        (weaker, stronger, photo) => {
          fc.pre(roleSatisfies(stronger, weaker));
          const weakAllowed = canDeletePhoto({ id: 'u1', role: weaker }, photo);
          const strongAllowed = canDeletePhoto({ id: 'u1', role: stronger }, photo);
          expect(!weakAllowed || strongAllowed).toBe(true);
        },
      ),
    );
  });
});
