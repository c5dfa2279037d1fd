/** Builds the Fastify instance (plugins, routes). Used by main.ts and by tests. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { requireDeclaredAccess } from './lib/access.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { errorBody } from './lib/errors.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** Built web app to serve; skipped when absent (API-only, e.g. in tests). */
  webDistDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Bodies larger than this are refused before parsing; uploads get their own limit.
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  requireDeclaredAccess(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Map tiles and avatars come from other origins; Leaflet positions tiles with inline styles.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  // Writes opt in per route (`config.rateLimit`); reads stay unthrottled.
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'PlaySpot API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(options.database));

  const webDistDir = options.webDistDir;
  const serveWeb = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // Client-side routes (e.g. /MapView) load the single-page app.
    if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });

  return app;
}
