/**
 * The header's account corner: 'Sign in' when signed out; when signed in the person's
 * name, level and points with a progress bar, and a menu to sign out.
 */
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useCurrentUser } from '../api/get-current-user.ts';
import { useSignInDialog } from '../hooks/use-sign-in-dialog.tsx';
import { completeRedirectSignIn } from '../sign-in-events.ts';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

// Only someone signed in sees the menu (points, level, sign out): its code, and what it
// uses, stay out of a signed-out first visit.
const SignedInMenu = lazy(async () => ({
  default: (await import('./signed-in-menu.tsx')).SignedInMenu,
}));

/**
 * Where the name and level go while the person is being looked up (or their menu loads): still,
 * since the question takes a moment and a pulse in every first screen's header kept the
 * compositor drawing through the page's load (issue 42).
 */
function AccountPending() {
  return <span aria-hidden="true" className="h-11 w-24 rounded-full bg-white/60" />;
}

export function AccountArea() {
  const { t } = useTranslation('auth');
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();

  useEffect(() => {
    if (me.isSuccess) completeRedirectSignIn(me.data, new Date());
  }, [me.isSuccess, me.data]);

  // Offline with nothing known (the question waits for a connection): a usable "Sign in"
  // rather than a placeholder that never ends (issue 49).
  if (me.isPending && me.fetchStatus !== 'paused') return <AccountPending />;
  if (!me.data) {
    return (
      <Button
        className="shrink-0 px-3 whitespace-nowrap min-[400px]:px-4"
        onClick={() => {
          openSignIn('header');
        }}
      >
        {t('signIn')}
      </Button>
    );
  }
  return (
    <SuspenseAfterHydration fallback={<AccountPending />}>
      <SignedInMenu name={me.data.userName ?? me.data.displayName ?? t('you')} />
    </SuspenseAfterHydration>
  );
}
