/** The auth feature's registration (app.ts): the authentication hook, then the sign-in routes. */
import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RecordServerEvent } from '../../lib/capabilities.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { OidcClients } from './oidc-clients.ts';
import {
  installRequestAuthentication,
  sessionCookieFor,
  type SessionCookie,
} from './request-authentication.ts';

export interface Authentication {
  auth: AuthService;
  cookie: SessionCookie;
}

/**
 * Builds the sign-in service and installs the hook that finds every request's caller; before
 * the routes, which all rely on `request.user`.
 */
export function installAuthentication(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    config: AuthConfig;
    now: () => Date;
    recordServerEvent: RecordServerEvent;
    appOrigins: readonly string[];
  },
): Authentication {
  const cookie = sessionCookieFor(deps.config.publicUrl);
  const auth = createAuthService({
    database: deps.database,
    clients: new OidcClients(deps.config.providers),
    config: deps.config,
    now: deps.now,
    recordServerEvent: deps.recordServerEvent,
  });
  installRequestAuthentication(app, { auth, config: deps.config, cookie, appOrigins: deps.appOrigins });
  return { auth, cookie };
}

/** The sign-in, sign-out and session routes. */
export async function registerAuthFeature(
  app: FastifyInstance,
  deps: Authentication & { publicUrl: URL },
): Promise<void> {
  await app.register(authRoutes(deps));
}
