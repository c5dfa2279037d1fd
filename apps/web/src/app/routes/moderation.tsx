/** /moderation: the moderation feature for the signed-in person's role. Loaded lazily. */
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { BrokenEquipment } from '../../features/conditions/components/broken-equipment.tsx';
import { FailedDeliveries } from '../../features/maintenance/components/failed-deliveries.tsx';
import { ModerationPage } from '../../features/moderation/components/moderation-page.tsx';
import { useTranslation } from 'react-i18next';

export function ModerationRoute() {
  const { t } = useTranslation('moderation');
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  return (
    <>
      <title>{t('pageTitle', { product: env.productName })}</title>
      {me.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : (
        <ModerationPage
          role={me.data?.role ?? null}
          extra={
            <>
              <BrokenEquipment />
              {me.data?.role === 'admin' && <FailedDeliveries placeHref={paths.place.build} />}
            </>
          }
          onSignIn={() => {
            openSignIn('moderation');
          }}
        />
      )}
    </>
  );
}
