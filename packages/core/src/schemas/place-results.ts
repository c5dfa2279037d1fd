/** Responses of place writes and map queries that are not a plain Place. */
import { z } from 'zod';
import { commentSchema } from './comment.ts';
import { idSchema, isoDateTimeSchema, voteCountsSchema } from './common.ts';
import { placeSchema } from './place.ts';
import { CONDITION_KINDS } from '../conditions.ts';

/** Points a write earned (or cost), so the app can show them and celebrate a level-up. */
export const pointsAwardSchema = z.object({
  /** Points added (positive) or removed (negative) by this action. */
  change: z.int(),
  points: z.int().min(0),
  level: z.int().min(1),
  leveledUp: z.boolean(),
});
export type PointsAward = z.infer<typeof pointsAwardSchema>;

export const placeWriteResultSchema = z.object({ location: placeSchema, reward: pointsAwardSchema });
export type PlaceWriteResult = z.infer<typeof placeWriteResultSchema>;

export const commentWriteResultSchema = z.object({ comment: commentSchema, reward: pointsAwardSchema });
export type CommentWriteResult = z.infer<typeof commentWriteResultSchema>;

export const deletedResultSchema = z.object({
  deleted: z.literal(true),
  reward: pointsAwardSchema.nullable(),
});

export const tagVoteResponseSchema = z.object({
  tag: z.string(),
  counts: voteCountsSchema,
  /** The caller's vote on this tag after the change; null when withdrawn. */
  myVote: z.enum(['up', 'down']).nullable(),
});
export type TagVoteResponse = z.infer<typeof tagVoteResponseSchema>;

export const visitResultSchema = z.object({
  visitCount: z.int().min(0),
  lastVisitedAt: isoDateTimeSchema,
});
export type VisitResult = z.infer<typeof visitResultSchema>;

/** A place as a map marker: just what the marker and its popup need. */
export const mapPointSchema = z.object({
  id: idSchema,
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  indoor: z.boolean().nullable(),
  free: z.boolean().nullable(),
  ageRanges: z.array(z.string()),
  votes: voteCountsSchema,
  /** The kinds of live condition reported there now (issue 19), for a badge; absent when none. */
  conditions: z.array(z.enum(CONDITION_KINDS)).optional(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** Many places drawn as one bubble: how many, where their centre is, what they span. */
export const mapClusterSchema = z.object({
  count: z.int().min(2),
  latitude: z.number(),
  longitude: z.number(),
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const viewportResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('points'), points: z.array(mapPointSchema) }),
  z.object({
    kind: z.literal('clusters'),
    /** Single places left alone in their cell are points, the rest clusters. */
    clusters: z.array(mapClusterSchema),
    points: z.array(mapPointSchema),
    total: z.int().min(0),
  }),
]);
export type ViewportResult = z.infer<typeof viewportResultSchema>;

export const uploadedPhotoSchema = z.object({
  url: z.string(),
  /** A small rendition (at most 400 px) for lists and galleries. */
  thumbnailUrl: z.string(),
  width: z.int().min(1),
  height: z.int().min(1),
});

export const photoUploadResultSchema = z.object({
  photo: uploadedPhotoSchema,
  reward: pointsAwardSchema,
  /** How many faces were found and blurred (boxes the uploader added not counted). */
  facesBlurred: z.int().min(0),
});
export type PhotoUploadResult = z.infer<typeof photoUploadResultSchema>;

export const dealPhotoResultSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
