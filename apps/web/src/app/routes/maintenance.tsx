/** /maintenance: the maintenance feature for the signed-in person (issue 48). Loaded lazily. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { MaintainerPage } from '../../features/maintenance/components/maintainer-page.tsx';

export function MaintenanceRoute() {
  const { t } = useTranslation('conditions');
  const { me, askToSignIn } = useSignInOnArrival('maintenance');
  return (
    <div className="mx-auto w-full max-w-4xl px-5 pt-6 pb-12 sm:pt-10">
      <title>{t('maintenance.pageTitle', { product: env.productName })}</title>
      {me.isPending ? (
        <PageSpinner label={t('maintenance.loading')} />
      ) : me.data ? (
        <MaintainerPage placeHref={paths.place.build} />
      ) : (
        <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
          <p className="text-base text-gray-700">{t('maintenance.signInHint')}</p>
          <Button className="mt-5" onClick={askToSignIn}>
            {t('maintenance.signIn')}
          </Button>
        </div>
      )}
    </div>
  );
}
