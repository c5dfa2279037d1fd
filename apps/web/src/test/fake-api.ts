/** A stand-in for the server in component tests: every /api call answers from a small table. */
import { vi } from 'vitest';

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

/** A fixed reply, or a function of the request (method, body) for stateful fakes. */
export type Route = Reply | ((request: { method: string; body: unknown }) => Reply);

export const UNAUTHORIZED: Reply = {
  status: 401,
  body: { error: { code: 'unauthorized', message: 'Sign in first.' } },
};

export function installFakeApi(routes: Record<string, Route> = {}) {
  const table: Record<string, Route> = {
    '/api/me': UNAUTHORIZED,
    '/api/auth/options': { status: 200, body: { providers: [], development: true } },
    '/api/analytics': { status: 202, body: { accepted: 1 } },
    ...routes,
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://test');
    const route = table[url.pathname];
    const method = init?.method ?? 'GET';
    // JSON comes parsed; a multipart FormData (photo uploads and previews) as it was sent.
    const body: unknown =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const reply: Reply =
      route === undefined
        ? { status: 404, body: { error: { code: 'not_found', message: 'Nope' } } }
        : typeof route === 'function'
          ? route({ method, body })
          : route;
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
