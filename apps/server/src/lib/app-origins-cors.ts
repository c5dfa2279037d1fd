/**
 * CORS for the native apps only. They load the web build from origins of their own
 * (capacitor://localhost on iOS, https://localhost on Android; config APP_ORIGINS) and call
 * /api cross-origin with a bearer token. Those origins, and no others, get CORS headers, and
 * never Access-Control-Allow-Credentials: a page there can then never read an answer made
 * with the session cookie, and the auth hook ignores a cookie sent from them anyway
 * (features/auth/request-authentication.ts). The web app is same-origin and needs no CORS.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type, accept';
/** Long enough to spare a preflight per request, short enough that a changed list is seen. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';
/** The app waits as told after a 503, and revalidates map reads with their ETag. */
const EXPOSED_HEADERS = 'Retry-After, ETag';

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** The request's Origin when it is one of the apps', else null. */
export function appOriginOf(request: FastifyRequest, appOrigins: readonly string[]): string | null {
  const origin = request.headers.origin;
  return typeof origin === 'string' && appOrigins.includes(origin) ? origin : null;
}

/**
 * Answers preflights before routing (no /api route declares OPTIONS, and none should have
 * to) and marks actual answers. Installed before the auth hook, so a preflight, which
 * carries no credentials, is never refused for want of them. No origins: nothing installed.
 */
export function installAppOriginsCors(app: FastifyInstance, appOrigins: readonly string[]): void {
  if (appOrigins.length === 0) return;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiPath(request.url)) return;
    // Answers differ by Origin, so a shared cache must keep them apart, whoever asks.
    void reply.header('vary', 'Origin');
    const origin = appOriginOf(request, appOrigins);
    if (origin === null) return;
    void reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .code(204)
        .headers({
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
        })
        .send();
    }
    void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  });
}
