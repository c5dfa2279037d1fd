/**
 * Every API route declares who may call it in `config.access`: 'public', 'signedIn' or a
 * role. Registering one without it throws at start, so no route can be added without
 * deciding; features/auth (request-authentication.ts) enforces the declaration on every request.
 */
import type { FastifyInstance } from 'fastify';

export type RouteAccess = 'public' | 'signedIn' | { role: 'moderator' | 'admin' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });
}
