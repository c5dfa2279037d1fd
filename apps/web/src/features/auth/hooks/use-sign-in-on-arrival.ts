/**
 * For pages only the signed-in can use (add or edit a place, the own profile): the first
 * time the person is seen signed out there, the sign-in dialog opens by itself, once. The
 * page shows its signed-out state with a button that opens it again.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useCurrentUser } from '../api/get-current-user.ts';
import { useSignInDialog } from './use-sign-in-dialog.tsx';

/** `source` names the page in the open_auth_modal event. */
export function useSignInOnArrival(source: string) {
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  const asked = useRef(false);
  const signedOut = me.isSuccess && me.data === null;

  useEffect(() => {
    if (signedOut && !asked.current) {
      asked.current = true;
      openSignIn(source);
    }
  }, [signedOut, openSignIn, source]);

  return {
    me,
    signedOut,
    /** Opens the dialog (the signed-out state's button). */
    askToSignIn: useCallback(() => {
      openSignIn(source);
    }, [openSignIn, source]),
    /** Not asking any more: signing out on this very page is no reason to offer signing in. */
    stopAsking: useCallback(() => {
      asked.current = true;
    }, []),
  };
}
