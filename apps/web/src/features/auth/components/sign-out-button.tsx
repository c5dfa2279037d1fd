/**
 * 'Sign out': ends the session, then says so in a toast (or why it did not work). The page
 * stays where it is; what it shows follows the person being signed out.
 */
import { LogOut } from 'lucide-react';
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
            notifySuccess('You are signed out. See you at the playground!');
          },
          onError: (error) => {
            handleError(error, 'Signing out did not work. Please try again.');
          },
        });
      }}
    >
      <LogOut aria-hidden="true" className="h-5 w-5" />
      Sign out
    </Button>
  );
}
