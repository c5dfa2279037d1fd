import {
  equipmentAnswerRequestSchema,
  equipmentAnswerResultSchema,
  equipmentParamsSchema,
  factAnswerRequestSchema,
  factAnswerResultSchema,
  factParamsSchema,
  idParamsSchema,
  placeEquipmentListSchema,
  placeFactsSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import { signedInUser } from '../../lib/request-user.ts';
import type { FactsService } from './facts.service.ts';

export const factsRoutes =
  (facts: FactsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['facts'];

    app.get(
      '/api/locations/:id/facts',
      {
        schema: {
          operationId: 'listLocationFacts',
          summary:
            "A place's facts (toilets, fenced, shade…) as parents confirmed them, and amenities nearby",
          tags,
          params: idParamsSchema,
          response: { 200: placeFactsSchema },
        },
        config: { access: 'public' },
      },
      async (request) => facts.factsOf(request.params.id, request.user?.id ?? null),
    );

    app.put(
      '/api/locations/:id/facts/:key',
      {
        schema: {
          operationId: 'answerLocationFact',
          summary: 'Answer a fact of a place: confirm the value shown or correct it (one answer per person)',
          tags,
          params: factParamsSchema,
          body: factAnswerRequestSchema,
          response: { 200: factAnswerResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        facts.answer(signedInUser(request).id, request.params.id, request.params.key, request.body.value),
    );

    app.delete(
      '/api/locations/:id/facts/:key',
      {
        schema: {
          operationId: 'withdrawLocationFactAnswer',
          summary: 'Take back my answer to a fact of a place',
          tags,
          params: factParamsSchema,
          response: { 200: factAnswerResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => facts.withdraw(signedInUser(request).id, request.params.id, request.params.key),
    );

    app.get(
      '/api/locations/:id/equipment',
      {
        schema: {
          operationId: 'listLocationEquipment',
          summary: "A place's play equipment (swings, slides…) with counts, as parents confirmed it",
          tags,
          params: idParamsSchema,
          response: { 200: placeEquipmentListSchema },
        },
        config: { access: 'public' },
      },
      async (request) => facts.equipmentOf(request.params.id, request.user?.id ?? null),
    );

    app.put(
      '/api/locations/:id/equipment/:kind',
      {
        schema: {
          operationId: 'answerLocationEquipment',
          summary: 'Say whether a kind of play equipment is there (one answer per person)',
          tags,
          params: equipmentParamsSchema,
          body: equipmentAnswerRequestSchema,
          response: { 200: equipmentAnswerResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        facts.answerEquipment(
          signedInUser(request).id,
          request.params.id,
          request.params.kind,
          request.body.present,
        ),
    );

    app.delete(
      '/api/locations/:id/equipment/:kind',
      {
        schema: {
          operationId: 'withdrawLocationEquipmentAnswer',
          summary: 'Take back my answer about a kind of play equipment',
          tags,
          params: equipmentParamsSchema,
          response: { 200: equipmentAnswerResultSchema },
        },
        config: { access: 'signedIn', rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) =>
        facts.answerEquipment(signedInUser(request).id, request.params.id, request.params.kind, null),
    );
  };
