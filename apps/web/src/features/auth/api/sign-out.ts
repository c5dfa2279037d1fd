/** POST /api/auth/sign-out: ends this session; the app forgets everything about the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackSignOut } from '../../../lib/analytics/analytics.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from './get-current-user.ts';

export function signOut(): Promise<void> {
  return apiRequest('/api/auth/sign-out', { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      trackSignOut();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      // Anything fetched while signed in (own votes, points) is stale now.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] === 'me' && query.queryKey.length > 1,
      });
      void queryClient.invalidateQueries({ queryKey: ['locations'] });
    },
  });
}
