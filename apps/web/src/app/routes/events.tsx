/**
 * /events: composes the events feature with the person's position (or the default city), the
 * location-permission dialog and the sign-in dialog. Loaded lazily.
 */
import { DEFAULT_MAP_CENTER } from '@playspot/core';
import { useMemo } from 'react';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { EventsPage } from '../../features/events/components/events-page.tsx';
import { PositionPermissionDialog } from '../../features/user-position/components/position-permission-dialog.tsx';
import { PositionNotice } from '../../features/user-position/components/position-notice.tsx';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { useTermsAcceptance } from '../../features/terms/hooks/use-terms-acceptance.tsx';
import { useTranslation } from 'react-i18next';

/** Two decimals (about 1 km): small moves of the position do not refetch. */
function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

export function EventsRoute() {
  const { t } = useTranslation('events');
  const { accepted } = useTermsAcceptance();
  const userPosition = useUserPosition(accepted);
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  const { position } = userPosition;
  const lat = rounded(position?.lat ?? DEFAULT_MAP_CENTER.lat);
  const lng = rounded(position?.lng ?? DEFAULT_MAP_CENTER.lng);
  const center = useMemo(() => ({ lat, lng }), [lat, lng]);
  const locating = userPosition.status === 'locating' || userPosition.status === 'checking';

  return (
    <>
      <title>{t('pageTitle', { product: env.productName })}</title>
      <EventsPage
        center={center}
        origin={position}
        locating={locating}
        onLocateMe={userPosition.locateMe}
        positionNotice={
          <PositionNotice
            position={position}
            locating={locating}
            onLocateMe={userPosition.locateMe}
            className="mt-4 max-w-xl"
          />
        }
        signedIn={Boolean(me.data)}
        onSignIn={() => {
          openSignIn('events');
        }}
      />
      <PositionPermissionDialog
        open={userPosition.permissionDialogOpen}
        onContinue={userPosition.continueFromDialog}
        onDismiss={userPosition.dismissDialog}
      />
    </>
  );
}
