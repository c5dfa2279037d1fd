/**
 * The user name: GET /api/user-names/availability (valid and free? answered for the
 * signed-in person, so their own name counts as free) and PUT /api/me/user-name.
 */
import {
  currentUserSchema,
  userNameAvailabilitySchema,
  type CurrentUser,
  type UserNameAvailability,
} from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const CURRENT_USER_KEY = ['me'] as const;

export function checkUserName(userName: string, signal?: AbortSignal): Promise<UserNameAvailability> {
  return apiRequest('/api/user-names/availability', {
    query: { userName },
    schema: userNameAvailabilitySchema,
    signal,
  });
}

export function changeUserName(userName: string): Promise<CurrentUser> {
  return apiRequest('/api/me/user-name', { method: 'PUT', body: { userName }, schema: currentUserSchema });
}

export function useChangeUserName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserName,
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
