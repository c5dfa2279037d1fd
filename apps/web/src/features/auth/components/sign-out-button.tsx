/**
 * 'Sign out': ends the session, then says so in a toast (or why it did not work). The page
 * stays where it is; what it shows follows the person being signed out.
 */
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useSignOut } from '../api/sign-out.ts';

interface SignOutButtonProps {
  readonly className?: string;
  /** Runs on the click, before the request (a page that asks the signed-out to sign in stops asking). */
  readonly onSignOut?: () => void;
  /** Runs once signed out (a menu closes). */
  readonly onSignedOut?: () => void;
}

export function SignOutButton({ className = '', onSignOut, onSignedOut }: SignOutButtonProps) {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={signOut.isPending}
      onClick={() => {
        onSignOut?.();
        signOut.mutate(undefined, {
          onSuccess: () => {
            onSignedOut?.();
            notifySuccess(t('signedOut'));
          },
          onError: (error) => {
            handleError(error, t('signOutFailed'));
          },
        });
      }}
    >
      <LogOut aria-hidden="true" className="h-5 w-5" />
      {t('signOut')}
    </Button>
  );
}
