/**
 * /locations/new: add a play spot (signed in; others get the sign-in dialog). The picker
 * starts at the person's position when location is allowed, else where the map was.
 */
import { DEFAULT_MAP_CENTER, latLngSchema, type LatLng } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { ContributePage, SignInToContribute } from '../../features/contribute/components/contribute-page.tsx';
import { PlaceForm } from '../../features/contribute/components/place-form.tsx';
import { useDevicePosition } from '../../features/contribute/hooks/use-device-position.ts';
import { celebratePoints } from '../../components/celebrate-points.tsx';
import { emptyPlaceForm } from '../../features/contribute/utils/place-form.ts';
import { useTranslation } from 'react-i18next';

/** The map passes its centre in the link's state (see addLocationLinkState). */
function startFrom(state: unknown): LatLng {
  const parsed = latLngSchema.safeParse((state as { center?: unknown } | null)?.center);
  return parsed.success ? parsed.data : DEFAULT_MAP_CENTER;
}

export function AddPlaceRoute() {
  const { t } = useTranslation('contribute');
  const { me, signedOut, askToSignIn } = useSignInOnArrival('add_location');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const linkState: unknown = useLocation().state;
  const device = useDevicePosition({ auto: true });

  return (
    <ContributePage
      title={t('add.title')}
      intro={t('add.intro')}
      backHref={paths.map}
      backLabel={t('add.back')}
    >
      <title>{t('add.pageTitle', { product: env.productName })}</title>
      {me.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : signedOut ? (
        <SignInToContribute what={t('add.signInWhat')} onSignIn={askToSignIn} />
      ) : (
        <PlaceForm
          locationId={null}
          initialValues={emptyPlaceForm(startFrom(linkState))}
          moveTo={device.position}
          onUseMyPosition={device.locate}
          locating={device.locating}
          onDone={(id) => {
            void navigate(paths.place.build(id));
          }}
          placeHref={paths.place.build}
          onRewarded={(reward) => {
            celebratePoints(reward, queryClient);
          }}
          cancelHref={paths.map}
        />
      )}
    </ContributePage>
  );
}
