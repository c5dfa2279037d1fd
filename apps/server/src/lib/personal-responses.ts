/**
 * Answers that depend on who asks must never be kept by a browser or proxy cache, where the
 * next person on a shared device or behind the same proxy could be served them. Every /api
 * answer to a signed-in caller (or to a request carrying a session), and everything under
 * /api/me and /api/auth, is marked `Cache-Control: no-store` unless its route chose a cache
 * policy itself (public photo files do).
 */
import type { FastifyInstance } from 'fastify';

const PERSONAL_PATH = /^\/api\/(?:me|auth)(?:\/|$)/;

export function keepPersonalResponsesOutOfCaches(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    if (request.user !== null || request.sessionToken !== null || PERSONAL_PATH.test(path)) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
