/** GET /api/me: the signed-in person, or null when signed out (the server answers 401). */
import type { CurrentUser } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { forgetSessionToken } from '../../../platform/session-token.ts';

export const CURRENT_USER_KEY = ['me'] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/me', {
      unchecked: true,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The app's saved session has ended (expired, or signed out elsewhere): forget it.
      await forgetSessionToken();
      return null;
    }
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
