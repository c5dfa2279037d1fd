/** POST /api/auth/sign-out: ends this session; the app forgets everything about the person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackSignOut } from '../../../lib/analytics/analytics.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { signOutOnDevice } from '../../../platform/device-sign-in.ts';
import { forgetSessionToken } from '../../../platform/session-token.ts';
import { CURRENT_USER_KEY } from './get-current-user.ts';

export async function signOut(): Promise<void> {
  await apiRequest('/api/auth/sign-out', { method: 'POST' });
  // In the app: the bearer token and the provider's remembered account go too.
  await Promise.all([forgetSessionToken(), signOutOnDevice()]);
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
