/**
 * Contributions need an account: for a signed-out person the action opens the sign-in
 * dialog instead (with what they tried, for open_auth_modal), and runs nothing. Who is
 * signed in and how to ask them to sign in come from the app layer (auth is another
 * feature): PlaceDetails takes them as props and hands them down through this context.
 */
import type { CurrentUser } from '@playspot/core';
import { createContext, useCallback, useContext } from 'react';

export interface PlaceViewer {
  /** The signed-in person, or null when signed out (or not known yet). */
  readonly me: CurrentUser | null;
  /** Opens the sign-in dialog; `source` names what the person tried (open_auth_modal). */
  readonly onSignIn: (source: string) => void;
}

export const PlaceViewerContext = createContext<PlaceViewer | null>(null);

export function useSignedInAction() {
  const viewer = useContext(PlaceViewerContext);
  if (viewer === null) throw new Error('useSignedInAction needs <PlaceDetails> above it');
  const { me, onSignIn } = viewer;
  const signedIn = me !== null;
  const whenSignedIn = useCallback(
    (source: string, action: () => void) => {
      if (signedIn) action();
      else onSignIn(source);
    },
    [signedIn, onSignIn],
  );
  return { me, signedIn, whenSignedIn };
}
