/**
 * Profiles (spec §1, §9): what a person has contributed, on their own profile and on the
 * public page of their user name. Only what links need: location ids and names, never
 * other people's ids or emails.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { publicUserSchema } from './user.ts';

/** The most recent contributions of each kind a profile lists. */
export const PROFILE_LIST_LIMIT = 50;

/** Enough of a place to name it and link to its page. */
export const placeRefSchema = z.object({ id: idSchema, name: z.string() });
export type PlaceRef = z.infer<typeof placeRefSchema>;

export const addedPlaceSchema = placeRefSchema.extend({ createdAt: isoDateTimeSchema });
export type AddedPlace = z.infer<typeof addedPlaceSchema>;

export const profileCommentSchema = z.object({
  id: idSchema,
  text: z.string(),
  location: placeRefSchema,
  createdAt: isoDateTimeSchema,
});
export type ProfileComment = z.infer<typeof profileCommentSchema>;

/**
 * A comment on its author's own list: also those hidden from everyone else (by reports or a
 * moderator), marked so; public profiles leave hidden comments out.
 */
export const ownCommentSchema = profileCommentSchema.extend({ hidden: z.boolean() });
export type OwnComment = z.infer<typeof ownCommentSchema>;

export const profileVisitSchema = z.object({ location: placeRefSchema, visitedAt: isoDateTimeSchema });
export type ProfileVisit = z.infer<typeof profileVisitSchema>;

/** How many of each, beyond the newest PROFILE_LIST_LIMIT listed. */
export const contributionCountsSchema = z.object({
  locations: z.int().min(0),
  comments: z.int().min(0),
  visits: z.int().min(0),
});

/** GET /users/:userName: a person's public profile. Visits stay private. */
export const publicProfileSchema = publicUserSchema.extend({
  addedLocations: z.array(addedPlaceSchema),
  comments: z.array(profileCommentSchema),
  counts: contributionCountsSchema.omit({ visits: true }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /me/contributions: everything the signed-in person has added, newest first. */
export const myContributionsSchema = z.object({
  addedLocations: z.array(addedPlaceSchema),
  comments: z.array(ownCommentSchema),
  visits: z.array(profileVisitSchema),
  counts: contributionCountsSchema,
});
export type MyContributions = z.infer<typeof myContributionsSchema>;
