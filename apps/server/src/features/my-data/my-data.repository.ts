/**
 * The SQL of "download my data" (issue 30): every row PlaySpot keeps about one person, read
 * in one repeatable-read transaction by the service so the file is one moment's picture.
 * Each query selects only this person's own rows and the place's id and name; other people's
 * ids and e-mails are never selected.
 */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  analyticsEvents,
  comments,
  conditionConfirmations,
  conditionReports,
  eventInvitees,
  events,
  factAnswers,
  favourites,
  images,
  locations,
  locationVotes,
  removalRequests,
  reports,
  sessions,
  tagVotes,
  users,
  visits,
} from '../../db/schema.ts';

/** Most recent analytics events kept in the file (they are many and say little). */
const ANALYTICS_LIMIT = 10_000;

const place = { locationId: locations.id, locationName: locations.name };

export async function profileOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      displayName: users.displayName,
      email: users.email,
      photoUrl: users.photoUrl,
      issuer: users.issuer,
      role: users.role,
      points: users.points,
      level: users.level,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export function sessionsOf(db: Database, userId: string) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.absoluteExpiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}

export function placesAddedBy(db: Database, userId: string) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      latitude: locations.latitude,
      longitude: locations.longitude,
      createdAt: locations.createdAt,
    })
    .from(locations)
    .where(eq(locations.createdByUserId, userId))
    .orderBy(asc(locations.createdAt), asc(locations.id));
}

export function commentsBy(db: Database, userId: string) {
  return db
    .select({
      id: comments.id,
      ...place,
      text: comments.text,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .innerJoin(locations, eq(locations.id, comments.locationId))
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export function photosBy(db: Database, userId: string) {
  return db
    .select({
      id: images.id,
      ...place,
      commentId: images.commentId,
      storageKey: images.storageKey,
      thumbnailStorageKey: images.thumbnailStorageKey,
      width: images.width,
      height: images.height,
      hiddenAt: images.hiddenAt,
      createdAt: images.createdAt,
    })
    .from(images)
    .innerJoin(locations, eq(locations.id, images.locationId))
    .where(eq(images.uploadedByUserId, userId))
    .orderBy(asc(images.createdAt), asc(images.id));
}

export function votesBy(db: Database, userId: string) {
  return db
    .select({
      ...place,
      vote: locationVotes.vote,
      createdAt: locationVotes.createdAt,
      updatedAt: locationVotes.updatedAt,
    })
    .from(locationVotes)
    .innerJoin(locations, eq(locations.id, locationVotes.locationId))
    .where(eq(locationVotes.userId, userId))
    .orderBy(asc(locationVotes.createdAt), asc(locations.id));
}

export function tagVotesBy(db: Database, userId: string) {
  return db
    .select({ ...place, tag: tagVotes.tag, vote: tagVotes.vote, createdAt: tagVotes.createdAt })
    .from(tagVotes)
    .innerJoin(locations, eq(locations.id, tagVotes.locationId))
    .where(eq(tagVotes.userId, userId))
    .orderBy(asc(tagVotes.createdAt), asc(locations.id), asc(tagVotes.tag));
}

export function visitsBy(db: Database, userId: string) {
  return db
    .select({ ...place, visitedAt: visits.visitedAt })
    .from(visits)
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(eq(visits.userId, userId))
    .orderBy(asc(visits.visitedAt), asc(visits.id));
}

export function factAnswersBy(db: Database, userId: string) {
  return db
    .select({ ...place, key: factAnswers.key, value: factAnswers.value, answeredAt: factAnswers.answeredAt })
    .from(factAnswers)
    .innerJoin(locations, eq(locations.id, factAnswers.locationId))
    .where(eq(factAnswers.userId, userId))
    .orderBy(asc(factAnswers.answeredAt), asc(locations.id), asc(factAnswers.key));
}

export function conditionsConfirmedBy(db: Database, userId: string) {
  return db
    .select({
      id: conditionReports.id,
      ...place,
      kind: conditionReports.kind,
      equipment: conditionReports.equipment,
      saidTrueAt: conditionConfirmations.confirmedAt,
    })
    .from(conditionConfirmations)
    .innerJoin(conditionReports, eq(conditionReports.id, conditionConfirmations.reportId))
    .innerJoin(locations, eq(locations.id, conditionReports.locationId))
    .where(eq(conditionConfirmations.userId, userId))
    .orderBy(asc(conditionConfirmations.confirmedAt), asc(conditionReports.id));
}

export function conditionsEndedBy(db: Database, userId: string) {
  return db
    .select({
      id: conditionReports.id,
      ...place,
      kind: conditionReports.kind,
      equipment: conditionReports.equipment,
      endedAt: conditionReports.clearedAt,
    })
    .from(conditionReports)
    .innerJoin(locations, eq(locations.id, conditionReports.locationId))
    .where(and(eq(conditionReports.clearedByUserId, userId), isNotNull(conditionReports.clearedAt)))
    .orderBy(asc(conditionReports.clearedAt), asc(conditionReports.id));
}

export function reportsFiledBy(db: Database, userId: string) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      ...place,
      reason: reports.reason,
      note: reports.note,
      status: reports.status,
      createdAt: reports.createdAt,
      decidedAt: reports.decidedAt,
    })
    .from(reports)
    .innerJoin(locations, eq(locations.id, reports.locationId))
    .where(eq(reports.reporterUserId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

export function removalRequestsBy(db: Database, userId: string) {
  return db
    .select({
      id: removalRequests.id,
      type: removalRequests.type,
      locationId: removalRequests.locationId,
      reason: removalRequests.reason,
      status: removalRequests.status,
      decisionNote: removalRequests.decisionNote,
      createdAt: removalRequests.createdAt,
      decidedAt: removalRequests.decidedAt,
    })
    .from(removalRequests)
    .where(eq(removalRequests.userId, userId))
    .orderBy(asc(removalRequests.createdAt), asc(removalRequests.id));
}

export function favouritesOf(db: Database, userId: string) {
  return db
    .select({ ...place, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(locations, eq(locations.id, favourites.locationId))
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.createdAt), asc(locations.id));
}

export function eventsCreatedBy(db: Database, userId: string) {
  return db
    .select({
      id: events.id,
      ...place,
      title: events.title,
      description: events.description,
      dayOfWeek: events.dayOfWeek,
      time: events.time,
      repeatPattern: events.repeatPattern,
      isPublic: events.isPublic,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(eq(events.createdByUserId, userId))
    .orderBy(asc(events.createdAt), asc(events.id));
}

/** The user names invited to these events (the creator sees them on the event). */
export async function inviteeNamesOf(db: Database, eventIds: string[]): Promise<Map<string, string[]>> {
  const byEvent = new Map<string, string[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ eventId: eventInvitees.eventId, userName: users.userName })
    .from(eventInvitees)
    .innerJoin(users, eq(users.id, eventInvitees.userId))
    .where(and(inArray(eventInvitees.eventId, eventIds), isNotNull(users.userName)))
    .orderBy(asc(users.userNameKey));
  for (const row of rows) {
    if (row.userName === null) continue;
    byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.userName]);
  }
  return byEvent;
}

export function invitationsOf(db: Database, userId: string) {
  return db
    .select({
      eventId: events.id,
      ...place,
      title: events.title,
      dayOfWeek: events.dayOfWeek,
      time: events.time,
      repeatPattern: events.repeatPattern,
      createdByUserName: users.userName,
    })
    .from(eventInvitees)
    .innerJoin(events, eq(events.id, eventInvitees.eventId))
    .innerJoin(locations, eq(locations.id, events.locationId))
    .leftJoin(users, eq(users.id, events.createdByUserId))
    .where(eq(eventInvitees.userId, userId))
    .orderBy(asc(events.createdAt), asc(events.id));
}

export function analyticsOf(db: Database, userId: string) {
  return db
    .select({
      name: analyticsEvents.name,
      params: analyticsEvents.params,
      occurredAt: analyticsEvents.occurredAt,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(desc(analyticsEvents.occurredAt), desc(analyticsEvents.id))
    .limit(ANALYTICS_LIMIT);
}
