/**
 * Google or Apple sign-in on the web: the provider opens in a popup and this tab waits for
 * the callback page's report; when the popup is blocked the whole page goes to the
 * provider instead (mode=redirect) and comes back to the same screen.
 */
import type { SignInProvider } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { trackSignIn } from '../../../lib/analytics/analytics.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { env } from '../../../config/env.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import {
  listenForSignInOutcome,
  navigateToSignIn,
  openSignInPopup,
} from '../../../platform/sign-in-window.ts';
import { CURRENT_USER_KEY, currentUserQueryOptions } from '../api/get-current-user.ts';
import { MY_POINTS_KEY } from '../../../lib/api/get-my-points.ts';
import { isNewAccount, rememberRedirectSignIn } from '../sign-in-events.ts';

export function useWebSignIn(onSignedIn: () => void) {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState<SignInProvider | null>(null);
  const stopListening = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      stopListening.current?.();
    },
    [],
  );

  const start = useCallback(
    (provider: SignInProvider) => {
      const returnTo = `${pathname}${search}`;
      const popup = openSignInPopup(apiUrl(`/api/auth/${provider}/start`, { mode: 'popup', returnTo }));
      if (popup === null) {
        rememberRedirectSignIn(provider);
        navigateToSignIn(apiUrl(`/api/auth/${provider}/start`, { mode: 'redirect', returnTo }));
        return;
      }
      stopListening.current?.();
      setPending(provider);
      stopListening.current = listenForSignInOutcome((outcome) => {
        setPending(null);
        if (!outcome.ok) {
          handleError(new Error(outcome.message), outcome.message || i18n.t('auth:failed'));
          return;
        }
        void queryClient.query({ ...currentUserQueryOptions, staleTime: 0 }).then((user) => {
          const isNew = user ? isNewAccount(user, new Date()) : false;
          if (user) trackSignIn(provider, isNew);
          void queryClient.invalidateQueries({ queryKey: MY_POINTS_KEY });
          void queryClient.invalidateQueries({ queryKey: ['locations'] });
          queryClient.setQueryData(CURRENT_USER_KEY, user);
          // As the sign-in dialog says it, in the person's language (issue 45).
          notifySuccess(
            isNew ? i18n.t('auth:welcomeNew', { product: env.productName }) : i18n.t('auth:welcomeBack'),
          );
          onSignedIn();
        });
      });
    },
    [pathname, search, queryClient, onSignedIn],
  );

  const cancel = useCallback(() => {
    stopListening.current?.();
    stopListening.current = null;
    setPending(null);
  }, []);

  return { start, pending, cancel };
}
