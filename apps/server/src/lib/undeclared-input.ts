/**
 * Every /api route refuses what it does not declare, as bodies refuse unknown fields: a
 * route without a query schema takes no query parameters, a query schema must say what it
 * does with unknown ones (strict, or loose where a provider adds its own), and a write
 * without a body schema takes no body (multipart uploads, which declare `consumes`, aside).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

const noQuerySchema = z.strictObject({});
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A zod object that silently drops unknown keys (z.object), unlike strict or loose ones. */
function dropsUnknownKeys(schema: unknown): boolean {
  return schema instanceof z.ZodObject && schema.def.catchall === undefined;
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

async function refuseBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || isEmptyObject(request.body)) return;
  throw new AppError(400, 'validation_failed', 'Invalid body: this request takes no body.');
}

function addPreValidation(route: RouteOptions, hook: (request: FastifyRequest) => Promise<void>): void {
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

export function refuseUndeclaredInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = [route.method].flat();
    const schema = (route.schema ??= {});
    if (schema.querystring === undefined) {
      schema.querystring = noQuerySchema;
    } else if (dropsUnknownKeys(schema.querystring)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url}: its query schema ignores unknown parameters; use z.strictObject (or z.looseObject where they are expected)`,
      );
    }
    const takesBody = methods.some((method) => METHODS_WITH_BODY.has(method));
    if (takesBody && schema.body === undefined && schema.consumes === undefined) {
      addPreValidation(route, refuseBody);
    }
  });
}
