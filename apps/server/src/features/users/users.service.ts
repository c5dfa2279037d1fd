import {
  levelProgress,
  pointsToNextLevel,
  ERROR_MESSAGES,
  PROFILE_LIST_LIMIT,
  validateUserName,
  type MyContributions,
  type Points,
  type PublicProfile,
  type UserNameAvailability,
} from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toAddedPlace, toProfileComment, toProfileVisit, toPublicUser } from './user-shapes.ts';
import * as repository from './users.repository.ts';

const userNameTaken = (userName: string) =>
  new AppError(409, 'user_name_taken', `The user name ${userName} is taken. Please choose another.`);

export function createUsersService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireUser(id: string): Promise<repository.UserRow> {
    const user = await repository.findUserById(db, id);
    if (!user) throw notFound(ERROR_MESSAGES.userNotFound);
    return user;
  }

  return {
    requireUser,

    /** Anyone may see what a person added and wrote under their user name; visits stay private. */
    async publicProfile(userName: string): Promise<PublicProfile> {
      const user = await repository.findUserByUserName(db, userName);
      if (!user) throw notFound(ERROR_MESSAGES.userNotFound);
      const [added, written, counts] = await Promise.all([
        repository.listAddedPlaces(db, user.id, PROFILE_LIST_LIMIT),
        repository.listUserComments(db, user.id, PROFILE_LIST_LIMIT, { includeHidden: false }),
        repository.countContributions(db, user.id, { includeHidden: false }),
      ]);
      return {
        ...toPublicUser(user),
        addedLocations: added.map(toAddedPlace),
        comments: written.map(toProfileComment),
        counts: { locations: counts.locations, comments: counts.comments },
      };
    },

    async myContributions(userId: string): Promise<MyContributions> {
      const [added, written, visited, counts] = await Promise.all([
        repository.listAddedPlaces(db, userId, PROFILE_LIST_LIMIT),
        // The author sees their comments hidden from others too, marked so.
        repository.listUserComments(db, userId, PROFILE_LIST_LIMIT, { includeHidden: true }),
        repository.listUserVisits(db, userId, PROFILE_LIST_LIMIT),
        repository.countContributions(db, userId, { includeHidden: true }),
      ]);
      return {
        addedLocations: added.map(toAddedPlace),
        comments: written.map((row) => ({ ...toProfileComment(row), hidden: row.hidden })),
        visits: visited.map(toProfileVisit),
        counts,
      };
    },

    async userNameAvailability(userName: string, askingUserId: string | null): Promise<UserNameAvailability> {
      const checked = validateUserName(userName);
      if (!checked.ok) return { userName, available: false, reason: checked.code, message: checked.message };
      if (await repository.isUserNameTakenByOther(db, checked.userName, askingUserId)) {
        return {
          userName: checked.userName,
          available: false,
          reason: 'taken',
          message: userNameTaken(checked.userName).message,
        };
      }
      return {
        userName: checked.userName,
        available: true,
        reason: null,
        message: `${checked.userName} is available.`,
      };
    },

    async changeUserName(userId: string, userName: string): Promise<repository.UserRow> {
      if (await repository.isUserNameTakenByOther(db, userName, userId)) throw userNameTaken(userName);
      try {
        const updated = await repository.updateUserName(db, userId, userName, now());
        if (!updated) throw notFound(ERROR_MESSAGES.userNotFound);
        return updated;
      } catch (error) {
        // Two people choosing the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw userNameTaken(userName);
        throw error;
      }
    },

    async points(userId: string): Promise<Points> {
      const user = await requireUser(userId);
      return {
        points: user.points,
        level: user.level,
        pointsToNextLevel: pointsToNextLevel(user.points),
        levelProgress: levelProgress(user.points),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
