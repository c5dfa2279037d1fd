/**
 * GET /api/me/data (issue 30): everything PlaySpot holds about the signed-in person, as one
 * JSON file (GDPR access and portability). Ids of their own things and of places are given,
 * so the file can be read back; nobody else's id or e-mail ever is. Other people's user names
 * appear only where PlaySpot already shows them to this person: the people they invited to
 * their own events, and who invited them.
 */
import { z } from 'zod';
import { CONDITION_KINDS, EQUIPMENT } from '../conditions.ts';
import { REPEAT_PATTERNS, WEEKDAY_NAMES } from '../constants.ts';
import { idSchema, isoDateTimeSchema, userRoleSchema, voteValueSchema } from './common.ts';
import { removalRequestStatusSchema, removalRequestTypeSchema } from './removal-request.ts';
import { reportReasonSchema, reportTargetTypeSchema } from './report.ts';

/** The version of the file's shape, so a reader can tell what it holds. */
export const MY_DATA_FORMAT = 'playspot-my-data/1';

const place = { locationId: idSchema, locationName: z.string() };

export const myDataSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  exportedAt: isoDateTimeSchema,
  profile: z.object({
    id: idSchema,
    userName: z.string().nullable(),
    displayName: z.string().nullable(),
    email: z.string().nullable(),
    photoUrl: z.string().nullable(),
    /** Who confirms the sign-in (the identity provider's issuer). */
    signInProvider: z.string(),
    role: userRoleSchema,
    points: z.int(),
    level: z.int(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  }),
  /** The devices signed in (never the session tokens). */
  sessions: z.array(
    z.object({
      createdAt: isoDateTimeSchema,
      lastSeenAt: isoDateTimeSchema,
      expiresAt: isoDateTimeSchema,
      userAgent: z.string().nullable(),
    }),
  ),
  placesAdded: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  comments: z.array(
    z.object({
      id: idSchema,
      ...place,
      text: z.string(),
      hidden: z.boolean(),
      createdAt: isoDateTimeSchema,
      updatedAt: isoDateTimeSchema,
    }),
  ),
  photos: z.array(
    z.object({
      id: idSchema,
      ...place,
      commentId: idSchema.nullable(),
      url: z.string(),
      thumbnailUrl: z.string().nullable(),
      width: z.int(),
      height: z.int(),
      hidden: z.boolean(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  votes: z.array(
    z.object({ ...place, vote: voteValueSchema, createdAt: isoDateTimeSchema, updatedAt: isoDateTimeSchema }),
  ),
  tagVotes: z.array(
    z.object({ ...place, tag: z.string(), vote: voteValueSchema, createdAt: isoDateTimeSchema }),
  ),
  visits: z.array(z.object({ ...place, visitedAt: isoDateTimeSchema })),
  factAnswers: z.array(
    z.object({ ...place, key: z.string(), value: z.string(), answeredAt: isoDateTimeSchema }),
  ),
  /** Conditions you reported or said were still true, and when you last did. */
  conditionReports: z.array(
    z.object({
      id: idSchema,
      ...place,
      kind: z.enum(CONDITION_KINDS),
      equipment: z.enum(EQUIPMENT).nullable(),
      saidTrueAt: isoDateTimeSchema,
    }),
  ),
  /** Conditions you said were over. */
  conditionsEnded: z.array(
    z.object({
      id: idSchema,
      ...place,
      kind: z.enum(CONDITION_KINDS),
      equipment: z.enum(EQUIPMENT).nullable(),
      endedAt: isoDateTimeSchema,
    }),
  ),
  reportsFiled: z.array(
    z.object({
      id: idSchema,
      targetType: reportTargetTypeSchema,
      targetId: idSchema,
      ...place,
      reason: reportReasonSchema,
      note: z.string().nullable(),
      status: z.enum(['open', 'upheld', 'dismissed']),
      createdAt: isoDateTimeSchema,
      decidedAt: isoDateTimeSchema.nullable(),
    }),
  ),
  removalRequests: z.array(
    z.object({
      id: idSchema,
      type: removalRequestTypeSchema,
      locationId: idSchema.nullable(),
      reason: z.string(),
      status: removalRequestStatusSchema,
      decisionNote: z.string().nullable(),
      createdAt: isoDateTimeSchema,
      decidedAt: isoDateTimeSchema.nullable(),
    }),
  ),
  favourites: z.array(z.object({ ...place, createdAt: isoDateTimeSchema })),
  /** Events you created, with the user names you invited (as the event's page shows you). */
  events: z.array(
    z.object({
      id: idSchema,
      ...place,
      title: z.string(),
      description: z.string().nullable(),
      dayOfWeek: z.enum(WEEKDAY_NAMES),
      time: z.string(),
      repeatPattern: z.enum(REPEAT_PATTERNS),
      isPublic: z.boolean(),
      invitedUserNames: z.array(z.string()),
      createdAt: isoDateTimeSchema,
      updatedAt: isoDateTimeSchema,
    }),
  ),
  /** Events you are invited to, with who created them (as your invitations show). */
  invitations: z.array(
    z.object({
      eventId: idSchema,
      ...place,
      title: z.string(),
      dayOfWeek: z.enum(WEEKDAY_NAMES),
      time: z.string(),
      repeatPattern: z.enum(REPEAT_PATTERNS),
      createdByUserName: z.string().nullable(),
    }),
  ),
  /** What the app recorded of your use (screens and actions, with their details). */
  analyticsEvents: z.array(
    z.object({ name: z.string(), params: z.record(z.string(), z.unknown()), occurredAt: isoDateTimeSchema }),
  ),
});
export type MyData = z.infer<typeof myDataSchema>;

/** The file's name: `playspot-my-data-2026-11-27.json` (the day in UTC). */
export function myDataFileName(exportedAt: Date): string {
  return `playspot-my-data-${exportedAt.toISOString().slice(0, 10)}.json`;
}
