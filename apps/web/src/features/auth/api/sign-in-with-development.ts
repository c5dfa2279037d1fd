/** POST /api/auth/development/sign-in: the choose-a-name sign-in of local development servers. */
import { signedInSchema, type SignedIn } from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackSignIn } from '../../../lib/analytics/analytics.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from './get-current-user.ts';
import { MY_POINTS_KEY } from '../../../lib/api/get-my-points.ts';

export function signInWithDevelopment(userName: string): Promise<SignedIn> {
  return apiRequest('/api/auth/development/sign-in', {
    method: 'POST',
    body: { userName },
    schema: signedInSchema,
  });
}

export function useDevelopmentSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithDevelopment,
    onSuccess: async (signedIn) => {
      trackSignIn('development', signedIn.isNewUser);
      queryClient.setQueryData(CURRENT_USER_KEY, signedIn.user);
      await queryClient.invalidateQueries({ queryKey: MY_POINTS_KEY });
      // Places carry the person's own votes.
      await queryClient.invalidateQueries({ queryKey: ['locations'] });
    },
  });
}
