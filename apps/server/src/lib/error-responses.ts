/**
 * Every /api route declares the one error body on its 4xx and 5xx answers, so OpenAPI shows
 * the shape clients parse (`apiErrorSchema` in core) and the serializer sends nothing else.
 * A route that declares a particular error status itself keeps its own declaration.
 */
import { apiErrorSchema } from '@playspot/core';
import type { FastifyInstance } from 'fastify';

export const ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

export function declareErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ??= {});
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    schema.response = { ...ERROR_RESPONSES, ...declared };
  });
}
