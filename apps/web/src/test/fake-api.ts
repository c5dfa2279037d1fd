/** A stand-in for the server in component tests: every /api call answers from a small table. */
import { landmarkAmong, type PlaceSummary } from '@playspot/core';
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
    const method = init?.method ?? 'GET';
    const route = table[url.pathname] ?? placePageRoute(table, url.pathname);
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

const PLACE_PAGE_PATH = /^\/api\/locations\/([0-9a-f-]{36})\/page$/u;

/**
 * GET /api/locations/:id/page as the server composes it (features/place-page): from the
 * table's own answers for the place, its facts, equipment, conditions, events and the
 * summaries around it, so a test's fake parts reach the page through its one read too.
 */
function placePageRoute(table: Record<string, Route>, pathname: string): Route | undefined {
  const id = PLACE_PAGE_PATH.exec(pathname)?.[1];
  if (id === undefined) return undefined;
  const base = `/api/locations/${id}`;
  const read = (path: string): Reply | null => {
    const route = table[path];
    if (route === undefined) return null;
    return typeof route === 'function' ? route({ method: 'GET', body: undefined }) : route;
  };
  const part = <T>(path: string, fallback: T): T => {
    const reply = read(path);
    return reply?.status === 200 ? (reply.body as T) : fallback;
  };
  return () => {
    const place = read(base);
    if (place?.status !== 200)
      return place ?? { status: 404, body: { error: { code: 'not_found', message: 'Nope' } } };
    const body = place.body as { id: string; name: string };
    const candidates = part<{ items: PlaceSummary[] }>('/api/locations/summaries', { items: [] }).items;
    return {
      status: 200,
      body: {
        place: body,
        facts: part(`${base}/facts`, { facts: [], nearby: [] }),
        equipment: part(`${base}/equipment`, { equipment: [] }).equipment,
        conditions: part(`${base}/conditions`, { conditions: [] }).conditions,
        events: part(`${base}/events`, { events: [] }).events,
        landmark: landmarkAmong(body, candidates),
        maintenance: { maintainedBy: null, fixes: [] },
      },
    };
  };
}
