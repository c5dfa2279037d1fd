/** GET /api/deals (the deals shown to everyone) and GET /api/deals/all (every deal, admins only). */
import { dealListSchema, type Deal } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const DEALS_KEY = ['deals'] as const;

export async function getDeals(scope: 'shown' | 'all', signal?: AbortSignal): Promise<Deal[]> {
  const result = await apiRequest(scope === 'all' ? '/api/deals/all' : '/api/deals', {
    schema: dealListSchema,
    signal,
  });
  return result.deals;
}

export function dealsQueryOptions(scope: 'shown' | 'all', enabled = true) {
  return queryOptions({
    queryKey: [...DEALS_KEY, scope],
    queryFn: ({ signal }) => getDeals(scope, signal),
    enabled,
  });
}

export function useDeals(scope: 'shown' | 'all', enabled = true) {
  return useQuery(dealsQueryOptions(scope, enabled));
}
