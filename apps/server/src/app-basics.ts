/**
 * What every route of the app relies on (app.ts): the server's options, validation and
 * serialization, the one error shape, declared access and input, security headers, the native
 * apps' CORS, compression, rate limiting, the API document and cookies.
 */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppOptions } from './app-options.ts';
import { securityHeadersFor } from './app-web.ts';
import { sessionCookieFor } from './features/auth/request-authentication.ts';
import { requireDeclaredAccess } from './lib/access.ts';
import { installApiDocument } from './lib/api-document.ts';
import { installAppOriginsCors } from './lib/app-origins-cors.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { declareErrorResponses } from './lib/error-responses.ts';
import { errorBody } from './lib/errors.ts';
import { keepPersonalResponsesOutOfCaches } from './lib/personal-responses.ts';
import { OneLinePerRequest } from './lib/request-log.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { refuseUndeclaredInput } from './lib/undeclared-input.ts';
import { installApiCompression } from './lib/web-app-serving.ts';

export function serverOptionsOf(options: AppOptions): FastifyServerOptions {
  return {
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(options.requestLogLevel ?? 'debug'),
    // Bodies larger than this are refused before parsing; uploads get their own limit.
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within this (Fastify's default is never): a body that
    // trickles or stalls would otherwise hold its upload slot for ever. 90 s carries a
    // phone-sized photo (the app sends at most 1600 px) over a poor 3G connection.
    requestTimeout: 90_000,
    trustProxy: options.trustProxy ?? false,
    // Addresses the router refuses before any route runs still answer in the API's one shape.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        void reply.status(414).send(errorBody('uri_too_long', 'A part of the address is too long.'));
      } else {
        void reply.status(400).send(errorBody('bad_url', 'The address is not valid.'));
      }
    },
  };
}

/**
 * What every route relies on, in this order: validation and serialization, the one error
 * shape, declared access and input, security headers, the native apps' CORS, compression,
 * rate limiting, the API document and cookies.
 */
export async function installApiBasics(app: FastifyInstance, options: AppOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkContract: options.checkResponses ?? true }));
  installErrorHandler(app);
  requireDeclaredAccess(app);
  refuseUndeclaredInput(app);
  declareErrorResponses(app);
  keepPersonalResponsesOutOfCaches(app);
  // Only JSON by default: Fastify's built-in text/plain parser goes (analytics adds its own
  // for sendBeacon); form bodies and multipart are parsed only by the routes that take them,
  // so any other route answers 415.
  app.removeContentTypeParser('text/plain');

  installSecurityHeaders(app, securityHeadersFor(options.webDistDir));
  // Before the auth hook: preflights carry no credentials and are answered here.
  installAppOriginsCors(app, options.appOrigins ?? []);
  // Before the routes: compression attaches itself to each route as it is declared.
  await installApiCompression(app);
  // Writes opt in per route (`config.rateLimit`); reads stay unthrottled. Counted per
  // signed-in person, else per address (the auth hook has run by the time routes limit).
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    ...(options.redisUrl ? { redis: new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) } : {}),
  });

  await installApiDocument(app, {
    publicUrl: options.auth.publicUrl,
    sessionCookieName: sessionCookieFor(options.auth.publicUrl).name,
    contactEmail: options.apiContactEmail,
  });

  await app.register(cookie);
}
