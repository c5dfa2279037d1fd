/**
 * /profile/removal-requests: the places (and account) you asked to remove, and where each
 * request stands. Its own page, reached from the account menu (it used to be the bottom of the
 * moderators' page, headed "This page is for moderators").
 */
import { Inbox } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { MyRemovalRequests } from '../../features/moderation/components/my-removal-requests.tsx';
import { useTranslation } from 'react-i18next';

export function MyRemovalRequestsRoute() {
  const { t } = useTranslation('moderation');
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-5 pt-8 pb-12">
      <title>{t('mine.pageTitle', { product: env.productName })}</title>
      <h1 className="flex items-center gap-3 font-display text-4xl leading-tight font-semibold text-ink">
        <Inbox aria-hidden="true" className="h-9 w-9 text-sun-700" />
        {t('mine.title')}
      </h1>
      <p className="mt-2 text-lg text-gray-800">{t('mine.intro')}</p>
      {me.isPending ? (
        <PageSpinner label={t('mine.loading')} />
      ) : me.data ? (
        <MyRemovalRequests ownPage />
      ) : (
        <div className="mt-6 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5">
          <p className="text-base text-gray-700">{t('mine.signInHint')}</p>
          <Button
            className="mt-4"
            onClick={() => {
              openSignIn('removal_requests');
            }}
          >
            {t('mine.signIn')}
          </Button>
        </div>
      )}
    </div>
  );
}
