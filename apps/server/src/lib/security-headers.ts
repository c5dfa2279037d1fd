/**
 * Security headers (helmet: CSP, HSTS, frame and referrer policies…) on every answer. The
 * middleware is built once: @fastify/helmet builds it anew for each request, parsing every
 * CSP directive again, which cost a map read about 4 % of its time (issue 29's profile).
 * Routes that need another header (a page's own CSP, photos' CORP) set it after this.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet sets headers synchronously; an error it passes on (a directive that failed) ends
    // the request as any other error would.
    applyHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}
