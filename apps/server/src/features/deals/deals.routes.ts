import {
  createDealSchema,
  dealDeletedSchema,
  dealListSchema,
  dealResultSchema,
  idParamsSchema,
  updateDealSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { DealsService } from './deals.service.ts';

const admin = { role: 'admin' } as const;

export const dealsRoutes =
  (deals: DealsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['deals'];

    app.get(
      '/api/deals',
      {
        schema: {
          operationId: 'listDeals',
          summary: 'Deals shown now: active, and no expiry or expiring today or later',
          tags,
          response: { 200: dealListSchema },
        },
        config: { access: 'public' },
      },
      async () => ({ deals: await deals.shown() }),
    );

    app.get(
      '/api/deals/all',
      {
        schema: {
          operationId: 'listAllDeals',
          summary: 'Every deal, hidden ones too (admins)',
          tags,
          response: { 200: dealListSchema },
        },
        config: { access: admin },
      },
      async () => ({ deals: await deals.all() }),
    );

    app.post(
      '/api/deals',
      {
        schema: {
          operationId: 'createDeal',
          summary: 'Create a deal (admins); pictures via PUT /api/deals/:id/image and /logo',
          tags,
          body: createDealSchema,
          response: { 201: dealResultSchema },
        },
        config: { access: admin, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) =>
        reply.status(201).send({ deal: await deals.create(request.body, signedInUser(request).id) }),
    );

    app.patch(
      '/api/deals/:id',
      {
        schema: {
          operationId: 'updateDeal',
          summary: 'Update a deal (admins)',
          tags,
          params: idParamsSchema,
          body: updateDealSchema,
          response: { 200: dealResultSchema },
        },
        config: { access: admin, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => ({ deal: await deals.update(request.params.id, request.body) }),
    );

    app.delete(
      '/api/deals/:id',
      {
        schema: {
          operationId: 'deleteDeal',
          summary: 'Delete a deal and its pictures (admins)',
          tags,
          params: idParamsSchema,
          response: { 200: dealDeletedSchema },
        },
        config: { access: admin, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => deals.remove(request.params.id),
    );
  };
