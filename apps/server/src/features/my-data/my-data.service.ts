/**
 * "Download my data" (issue 30): everything PlaySpot holds about the signed-in person, read
 * as one moment's picture (a read-only repeatable-read transaction) and shaped as core's
 * MyData. Photo files are given by URL; other people appear only by the user names PlaySpot
 * already shows this person (invitees of their own events, creators of events they are
 * invited to), never by id or e-mail.
 */
import { MY_DATA_FORMAT, type ConditionKind, type Equipment, type MyData } from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repository from './my-data.repository.ts';

export interface MyDataDeps {
  database: DatabaseHandle;
  /** The public URL of a stored photo file. */
  urlFor: (storageKey: string) => string;
  now?: () => Date;
}

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());

export function createMyDataService(deps: MyDataDeps) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  return {
    async export(userId: string): Promise<MyData> {
      const exportedAt = now();
      return db.transaction(
        async (tx) => {
          const profile = await repository.profileOf(tx, userId);
          if (!profile) throw notFound('Your account was not found.');
          const sessions = await repository.sessionsOf(tx, userId);
          const placesAdded = await repository.placesAddedBy(tx, userId);
          const comments = await repository.commentsBy(tx, userId);
          const photos = await repository.photosBy(tx, userId);
          const votes = await repository.votesBy(tx, userId);
          const tagVotes = await repository.tagVotesBy(tx, userId);
          const visits = await repository.visitsBy(tx, userId);
          const factAnswers = await repository.factAnswersBy(tx, userId);
          const confirmed = await repository.conditionsConfirmedBy(tx, userId);
          const ended = await repository.conditionsEndedBy(tx, userId);
          const reportsFiled = await repository.reportsFiledBy(tx, userId);
          const removalRequests = await repository.removalRequestsBy(tx, userId);
          const favourites = await repository.favouritesOf(tx, userId);
          const events = await repository.eventsCreatedBy(tx, userId);
          const invitees = await repository.inviteeNamesOf(
            tx,
            events.map((event) => event.id),
          );
          const invitations = await repository.invitationsOf(tx, userId);
          const analytics = await repository.analyticsOf(tx, userId);
          return {
            format: MY_DATA_FORMAT,
            exportedAt: iso(exportedAt),
            profile: {
              id: profile.id,
              userName: profile.userName,
              displayName: profile.displayName,
              email: profile.email,
              photoUrl: profile.photoUrl,
              signInProvider: profile.issuer,
              role: profile.role,
              points: profile.points,
              level: profile.level,
              createdAt: iso(profile.createdAt),
              updatedAt: iso(profile.updatedAt),
            },
            sessions: sessions.map((row) => ({
              createdAt: iso(row.createdAt),
              lastSeenAt: iso(row.lastSeenAt),
              expiresAt: iso(row.expiresAt),
              userAgent: row.userAgent,
            })),
            placesAdded: placesAdded.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
            comments: comments.map(({ hiddenAt, ...row }) => ({
              ...row,
              hidden: hiddenAt !== null,
              createdAt: iso(row.createdAt),
              updatedAt: iso(row.updatedAt),
            })),
            photos: photos.map(({ storageKey, thumbnailStorageKey, hiddenAt, ...row }) => ({
              ...row,
              url: deps.urlFor(storageKey),
              thumbnailUrl: thumbnailStorageKey === null ? null : deps.urlFor(thumbnailStorageKey),
              hidden: hiddenAt !== null,
              createdAt: iso(row.createdAt),
            })),
            votes: votes.map((row) => ({
              ...row,
              createdAt: iso(row.createdAt),
              updatedAt: iso(row.updatedAt),
            })),
            tagVotes: tagVotes.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
            visits: visits.map((row) => ({ ...row, visitedAt: iso(row.visitedAt) })),
            factAnswers: factAnswers.map((row) => ({ ...row, answeredAt: iso(row.answeredAt) })),
            conditionReports: confirmed.map((row) => ({
              ...row,
              kind: row.kind as ConditionKind,
              equipment: row.equipment as Equipment | null,
              saidTrueAt: iso(row.saidTrueAt),
            })),
            conditionsEnded: ended.flatMap((row) =>
              row.endedAt === null
                ? []
                : [
                    {
                      ...row,
                      kind: row.kind as ConditionKind,
                      equipment: row.equipment as Equipment | null,
                      endedAt: iso(row.endedAt),
                    },
                  ],
            ),
            reportsFiled: reportsFiled.map((row) => ({
              ...row,
              createdAt: iso(row.createdAt),
              decidedAt: isoOrNull(row.decidedAt),
            })),
            removalRequests: removalRequests.map((row) => ({
              ...row,
              createdAt: iso(row.createdAt),
              decidedAt: isoOrNull(row.decidedAt),
            })),
            favourites: favourites.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
            events: events.map((row) => ({
              ...row,
              invitedUserNames: invitees.get(row.id) ?? [],
              createdAt: iso(row.createdAt),
              updatedAt: iso(row.updatedAt),
            })),
            invitations,
            analyticsEvents: analytics.map((row) => ({
              name: row.name,
              params: row.params as Record<string, unknown>,
              occurredAt: iso(row.occurredAt),
            })),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type MyDataService = ReturnType<typeof createMyDataService>;
