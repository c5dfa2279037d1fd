/** GET /api/auth/options: which ways to sign in this server offers. */
import { authOptionsSchema, type AuthOptions } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return apiRequest('/api/auth/options', { schema: authOptionsSchema, signal });
}

export const authOptionsQueryOptions = queryOptions({
  queryKey: ['auth', 'options'],
  queryFn: ({ signal }) => getAuthOptions(signal),
  // The server's sign-in setup does not change while the page is open.
  staleTime: Infinity,
});

export function useAuthOptions(enabled = true) {
  return useQuery({ ...authOptionsQueryOptions, enabled });
}
