/**
 * Sign-in inside the native app (spec §7: native Google and Apple credential exchange): a
 * one-time nonce from the server (POST /api/auth/nonce), the device's own sign-in sheet, then
 * the ID token exchanged for a session (POST /api/auth/{provider}/id-token), whose bearer
 * token is kept in the device's secure store and sent with every request from then on.
 */
import { signedInSchema, signInNonceSchema, type SignedIn, type SignInProvider } from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackSignIn } from '../../../lib/analytics/analytics.ts';
import { MY_POINTS_KEY } from '../../../lib/api/get-my-points.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { signInOnDevice } from '../../../platform/device-sign-in.ts';
import { saveSessionToken } from '../../../platform/session-token.ts';
import { CURRENT_USER_KEY } from './get-current-user.ts';

export async function signInWithDevice(provider: SignInProvider): Promise<SignedIn> {
  const { nonce } = await apiRequest('/api/auth/nonce', { method: 'POST', schema: signInNonceSchema });
  const identity = await signInOnDevice(provider, nonce);
  const signedIn = await apiRequest(`/api/auth/${provider}/id-token`, {
    method: 'POST',
    body: { idToken: identity.idToken, nonce, ...(identity.name ? { name: identity.name } : {}) },
    schema: signedInSchema,
  });
  if (signedIn.token === undefined) throw new Error('The server gave no session for the app');
  await saveSessionToken(signedIn.token);
  return signedIn;
}

export function useDeviceSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithDevice,
    onSuccess: async (signedIn, provider) => {
      trackSignIn(provider, signedIn.isNewUser);
      queryClient.setQueryData(CURRENT_USER_KEY, signedIn.user);
      await queryClient.invalidateQueries({ queryKey: MY_POINTS_KEY });
      // Places carry the person's own votes.
      await queryClient.invalidateQueries({ queryKey: ['locations'] });
    },
  });
}
