/**
 * Contributions need an account: for a signed-out person the action opens the sign-in
 * dialog instead (with what they tried, for open_auth_modal), and runs nothing.
 */
import { useCallback } from 'react';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog.tsx';

export function useSignedInAction() {
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  const signedIn = me.data !== null && me.data !== undefined;
  const whenSignedIn = useCallback(
    (source: string, action: () => void) => {
      if (signedIn) action();
      else openSignIn(source);
    },
    [signedIn, openSignIn],
  );
  return { me: me.data ?? null, signedIn, whenSignedIn };
}
