import {
  commentParamsSchema,
  commentSchema,
  commentWriteResultSchema,
  createCommentSchema,
  deletedResultSchema,
  idParamsSchema,
  updateCommentSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { CommentsService } from './comments.service.ts';

export const commentsRoutes =
  (comments: CommentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['comments'];
    app.get(
      '/api/locations/:id/comments',
      {
        schema: {
          operationId: 'listLocationComments',
          summary: 'Comments on a location, newest first',
          tags,
          params: idParamsSchema,
          response: { 200: z.array(commentSchema) },
        },
        config: { access: 'public' },
      },
      async (request) => comments.list(request.params.id),
    );

    app.post(
      '/api/locations/:id/comments',
      {
        schema: {
          operationId: 'createComment',
          summary: 'Add a comment (+100 points)',
          tags,
          params: idParamsSchema,
          body: createCommentSchema,
          response: { 201: commentWriteResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await comments.add(request.params.id, request.body.text, signedInUser(request))),
    );

    app.patch(
      '/api/locations/:id/comments/:commentId',
      {
        schema: {
          operationId: 'updateComment',
          summary: 'Edit your comment',
          tags,
          params: commentParamsSchema,
          body: updateCommentSchema,
          response: { 200: commentSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        comments.edit(request.params.id, request.params.commentId, request.body.text, signedInUser(request)),
    );

    app.delete(
      '/api/locations/:id/comments/:commentId',
      {
        schema: {
          operationId: 'deleteComment',
          summary: 'Delete a comment (its author, a moderator or an admin)',
          tags,
          params: commentParamsSchema,
          response: { 200: deletedResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => comments.remove(request.params.id, request.params.commentId, signedInUser(request)),
    );
  };
