/** /deals: the deals feature, with the editor for admins (the server checks the role again). Loaded lazily. */
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { DealsPage } from '../../features/deals/components/deals-page.tsx';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { useTranslation } from 'react-i18next';

export function DealsRoute() {
  const { t } = useTranslation('deals');
  const me = useCurrentUser();
  // Distances when the browser already allows location; deals never prompt for it.
  const { position } = useUserPosition(true, { askWhenUndecided: false });
  return (
    <>
      <title>{t('pageTitle', { product: env.productName })}</title>
      <DealsPage isAdmin={me.data?.role === 'admin'} origin={position} />
    </>
  );
}
