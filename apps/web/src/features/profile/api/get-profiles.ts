/** GET /api/me/contributions (own places, comments, visits) and GET /api/users/:userName. */
import {
  myContributionsSchema,
  publicProfileSchema,
  type MyContributions,
  type PublicProfile,
} from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const MY_CONTRIBUTIONS_KEY = ['me', 'contributions'] as const;

export function getMyContributions(signal?: AbortSignal): Promise<MyContributions> {
  return apiRequest('/api/me/contributions', { schema: myContributionsSchema, signal });
}

export function useMyContributions(signedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: MY_CONTRIBUTIONS_KEY,
      queryFn: ({ signal }) => getMyContributions(signal),
      enabled: signedIn,
    }),
  );
}

export function getUserProfile(userName: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest(`/api/users/${encodeURIComponent(userName)}`, { schema: publicProfileSchema, signal });
}

export function useUserProfile(userName: string) {
  return useQuery(
    queryOptions({
      queryKey: ['users', userName.toLowerCase()],
      queryFn: ({ signal }) => getUserProfile(userName, signal),
    }),
  );
}
