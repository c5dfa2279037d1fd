/**
 * Runs before every route: refuses cross-site writes made with the session cookie, finds the
 * caller's session (bearer token from the app, or the cookie on the web), sets `request.user`
 * (lib/request-user.ts) and enforces the route's declared `config.access` (lib/access.ts).
 */
import { roleSatisfies } from '@playspot/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../../config.ts';
import { appOriginOf } from '../../lib/app-origins-cors.ts';
import { forbidden, unauthenticated } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session token the caller presented (cookie or bearer), if any. */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /**
     * 'exempt' only for callbacks that a provider posts cross-site and that carry no session;
     * 'reads-too' for a read that costs the person something (a download out of a few an
     * hour): another site cannot make it with their cookie either (issue 44).
     */
    csrf?: 'exempt' | 'reads-too';
  }
}

export interface SessionCookie {
  name: string;
  options: { path: '/'; httpOnly: true; secure: boolean; sameSite: 'lax' };
}

/** `__Host-` pins the cookie to this exact origin, but browsers accept it only when Secure. */
export function sessionCookieFor(publicUrl: URL): SessionCookie {
  const secure = publicUrl.protocol === 'https:';
  return {
    name: secure ? '__Host-playspot_session' : 'playspot_session',
    options: { path: '/', httpOnly: true, secure, sameSite: 'lax' },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  if (!match?.[1]) throw unauthenticated('The Authorization header must be "Bearer <token>".');
  return match[1];
}

/**
 * Cookies ride along on cross-site requests; a write must come from our own pages. Fetch
 * Metadata says so directly; older browsers send Origin on every POST.
 */
function assertSameSiteWrite(request: FastifyRequest, config: AuthConfig, hasCookie: boolean): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return;
    throw forbidden('Cross-site requests cannot change anything here.');
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    if (config.allowedOrigins.includes(origin)) return;
    throw forbidden('Requests from other sites cannot change anything here.');
  }
  // No browser headers at all: a non-browser client. Fine without a cookie, suspicious with one.
  if (hasCookie) throw forbidden('This request lacks the Origin header that browsers send.');
}

/** A read with the cookie that a page of another site started (Fetch Metadata says so). */
function assertSameSiteRead(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
    throw forbidden('Other sites cannot download this for you. Open PlaySpot and download it there.');
}

export function installRequestAuthentication(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    config: AuthConfig;
    cookie: SessionCookie;
    /** The native apps' origins (lib/app-origins-cors.ts): bearer token or nobody, never the cookie. */
    appOrigins?: readonly string[];
  },
): void {
  const appOrigins = deps.appOrigins ?? [];
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const routeConfig = request.routeOptions.config;
    const bearer = bearerToken(request);
    // App origins may read our answers (CORS), and https://localhost is every Capacitor app's
    // and any local server's origin: a cookie is never honoured from them. Ignored, it can
    // forge nothing, so their writes skip the cross-site check (sign-in needs that too).
    const fromApp = appOriginOf(request, appOrigins) !== null;
    const cookieToken = bearer || fromApp ? null : (request.cookies[deps.cookie.name] ?? null);

    if (!SAFE_METHODS.has(request.method) && !bearer && !fromApp && routeConfig.csrf !== 'exempt') {
      assertSameSiteWrite(request, deps.config, cookieToken !== null);
    } else if (routeConfig.csrf === 'reads-too' && cookieToken !== null) {
      assertSameSiteRead(request);
    }

    const token = bearer ?? cookieToken;
    if (token) {
      request.sessionToken = token;
      request.user = await deps.auth.authenticate(token);
    }

    const access = routeConfig.access;
    if (access === undefined || access === 'public') return;
    if (!request.user) {
      throw token ? unauthenticated('Your session has ended. Please sign in again.') : unauthenticated();
    }
    if (access === 'signedIn') return;
    if (!roleSatisfies(request.user.role, access.role)) {
      throw forbidden(`This needs the ${access.role} role.`);
    }
  });
}
