/**
 * Rendering helpers for tests: a fresh query client (no retries) and a memory router, so a
 * component sees the same providers as in the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SignInDialogProvider } from '../features/auth/hooks/use-sign-in-dialog.tsx';
import { TermsAcceptanceProvider } from '../features/terms/hooks/use-terms-acceptance.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The app's own query defaults (lib/query-client.ts: answers fresh for 30 s), without retries. */
export function appQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  return client;
}

export function Providers({
  children,
  client = testQueryClient(),
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <TermsAcceptanceProvider>
        <SignInDialogProvider>{children}</SignInDialogProvider>
      </TermsAcceptanceProvider>
    </QueryClientProvider>
  );
}

/** Renders `routes` at `path`; every other path shows 'page: <pathname>' so navigation can be asserted. */
export function renderRoutes(
  routes: RouteObject[],
  path: string | { pathname: string; state?: unknown },
  client?: QueryClient,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers {...(client ? { client } : {})}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** Renders one element at `path` inside providers and a router; other paths render a marker. */
export function renderAt(element: ReactNode, path = '/MapView') {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>other page</p> },
    ],
    path,
  );
}

export const USER_AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
} as const;
