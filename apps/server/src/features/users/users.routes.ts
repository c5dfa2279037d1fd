import {
  currentUserSchema,
  myContributionsSchema,
  pointsSchema,
  publicProfileSchema,
  storableString,
  updateUserNameSchema,
  userNameAvailabilitySchema,
  userNameQuerySchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import { toCurrentUser } from './user-shapes.ts';
import type { UsersService } from './users.service.ts';

const userNameParamsSchema = z.strictObject({ userName: storableString().min(1).max(100) });
/** These reads take no query string: an unknown field is refused rather than ignored. */
const noQuerySchema = z.strictObject({});

export const usersRoutes =
  (users: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me',
      {
        schema: {
          operationId: 'getMe',
          summary: 'The signed-in user',
          tags: ['users'],
          response: { 200: currentUserSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => toCurrentUser(await users.requireUser(signedInUser(request).id)),
    );

    app.put(
      '/api/me/user-name',
      {
        schema: {
          operationId: 'setUserName',
          summary: 'Choose or change the user name',
          tags: ['users'],
          body: updateUserNameSchema,
          response: { 200: currentUserSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        toCurrentUser(await users.changeUserName(signedInUser(request).id, request.body.userName)),
    );

    app.get(
      '/api/me/points',
      {
        schema: {
          operationId: 'getMyPoints',
          summary: 'Points, level and progress',
          tags: ['users'],
          response: { 200: pointsSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => users.points(signedInUser(request).id),
    );

    app.get(
      '/api/user-names/availability',
      {
        schema: {
          operationId: 'checkUserNameAvailability',
          summary: 'Is a user name valid and free?',
          tags: ['users'],
          querystring: userNameQuerySchema,
          response: { 200: userNameAvailabilitySchema },
        },
        config: { access: 'public' },
      },
      async (request) => users.userNameAvailability(request.query.userName, request.user?.id ?? null),
    );

    app.get(
      '/api/users/:userName',
      {
        schema: {
          operationId: 'getUserProfile',
          summary: "A user's public profile: points, level, the places they added and their comments",
          tags: ['users'],
          params: userNameParamsSchema,
          querystring: noQuerySchema,
          response: { 200: publicProfileSchema },
        },
        config: { access: 'public' },
      },
      async (request) => users.publicProfile(request.params.userName),
    );

    app.get(
      '/api/me/contributions',
      {
        schema: {
          operationId: 'listMyContributions',
          summary: 'The places you added, your comments and your visits, newest first',
          tags: ['users'],
          querystring: noQuerySchema,
          response: { 200: myContributionsSchema },
        },
        config: { access: 'signedIn' },
      },
      async (request) => users.myContributions(signedInUser(request).id),
    );
  };
