/**
 * Every API route declares who may call it in `config.access`. Enforcement of signed-in and
 * role rules arrives with accounts; declaring it is required from the first route on, so no
 * route can be added without deciding.
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
