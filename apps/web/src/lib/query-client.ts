import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A client error (4xx) will not get better by asking again; a network blip might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Offline, a query still asks once: the service worker may have the answer saved
      // (places and areas looked at before); only then does it wait for the connection.
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
      },
      // A write offline fails at once with a message (and rolls back) rather than hanging
      // on; comments are kept and sent later by lib/offline-outbox.ts.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
