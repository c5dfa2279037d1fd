/**
 * The authentication dialog's open/closed flag (spec §2), shared so any button can open it.
 * Opening records open_auth_modal with what opened it.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { trackOpenAuthModal } from '../../../lib/analytics/analytics.ts';

interface SignInDialogState {
  readonly open: boolean;
  readonly openSignIn: (source: string) => void;
  readonly closeSignIn: () => void;
}

const SignInDialogContext = createContext<SignInDialogState | null>(null);

export function SignInDialogProvider({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openSignIn = useCallback((source: string) => {
    trackOpenAuthModal(source);
    setOpen(true);
  }, []);
  const closeSignIn = useCallback(() => {
    setOpen(false);
  }, []);
  const value = useMemo(() => ({ open, openSignIn, closeSignIn }), [open, openSignIn, closeSignIn]);
  return <SignInDialogContext value={value}>{children}</SignInDialogContext>;
}

export function useSignInDialog(): SignInDialogState {
  const value = useContext(SignInDialogContext);
  if (value === null) throw new Error('useSignInDialog needs a <SignInDialogProvider> above it');
  return value;
}
