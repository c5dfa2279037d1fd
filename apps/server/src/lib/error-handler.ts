import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseOverloaded, isDatabaseUnreachable } from './database-errors.ts';
import { AppError, errorBody } from './errors.ts';
import { RETRY_AFTER_SECONDS, ServerBusyError } from './write-admission.ts';

/** Codes for the errors Fastify itself raises on malformed requests. */
const fastifyClientErrorCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_FILES_LIMIT: 'too_many_files',
  FST_PARTS_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
};

export const DATABASE_UNAVAILABLE_MESSAGE =
  'PlaySpot cannot reach its database for a moment. Please try again in a few seconds.';

/**
 * One error shape for the whole API. Client mistakes keep their status and get a stable code;
 * anything else is logged and reported as a plain 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // "Invalid body: name: …", or for the whole part "Invalid querystring: Unrecognized key: "x"".
      const details = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const message = issue.message ?? 'invalid';
          return field === '' ? message : `${field}: ${message}`;
        })
        .join('; ');
      return reply
        .status(400)
        .send(errorBody('validation_failed', `Invalid ${error.validationContext ?? 'request'}: ${details}`));
    }
    if (error instanceof ServerBusyError) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(503).send(errorBody(error.code, error.message));
    }
    // Our own errors first: one may carry a cause (e.g. a refused S3 connection) that the
    // database checks below would take for the database's.
    if (error instanceof AppError) {
      if (error.statusCode === 503) {
        // A dependency failed (e.g. photo storage): say when to try again, and log why.
        request.log.warn({ err: error.cause ?? error }, `${error.code}: answered 503`);
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (isDatabaseOverloaded(error)) {
      request.log.warn({ err: error }, 'database too busy: answered 503');
      const busy = new ServerBusyError();
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody(busy.code, busy.message));
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable: answered 503');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyClientErrorCodes[error.code] ?? (status === 429 ? 'rate_limited' : 'bad_request');
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}
