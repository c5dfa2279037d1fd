/** /locations/:locationId/edit: change a place (who added it, moderators and admins). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { ContributePage, SignInToContribute } from '../../features/contribute/components/contribute-page.tsx';
import { ExistingPhotos } from '../../features/contribute/components/existing-photos.tsx';
import { LocationForm } from '../../features/contribute/components/location-form.tsx';
import { useDevicePosition } from '../../features/contribute/hooks/use-device-position.ts';
import { formFromLocation } from '../../features/contribute/utils/location-form.ts';
import { celebratePoints } from '../../components/celebrate-points.tsx';
import { useLocationDetails } from '../../lib/api/get-location.ts';
import { NotFoundRoute } from './not-found.tsx';
import { useTranslation } from 'react-i18next';

export function EditLocationRoute() {
  const { t } = useTranslation('contribute');
  const { locationId = null } = useParams();
  const { me, signedOut, askToSignIn } = useSignInOnArrival('edit_location');
  const place = useLocationDetails(locationId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const device = useDevicePosition({ auto: false });

  if (place.isError) return <NotFoundRoute />;
  const location = place.data;
  const backHref = locationId === null ? paths.map : paths.location.build(locationId);
  // The server says who may edit (who added it, moderators, admins) for the signed-in caller.
  const mayEdit = location?.canEdit === true;

  return (
    <ContributePage
      title={location ? t('edit.titleNamed', { name: location.name }) : t('edit.title')}
      // What saving does, only for someone who may save (issue 49).
      intro={mayEdit ? t('edit.intro') : null}
      backHref={backHref}
      backLabel={t('edit.back')}
    >
      <title>
        {t('edit.pageTitle', { name: location?.name ?? t('edit.aPlaySpot'), product: env.productName })}
      </title>
      {me.isPending || place.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : signedOut ? (
        <SignInToContribute what={t('edit.signInWhat')} onSignIn={askToSignIn} />
      ) : !mayEdit ? (
        <p className="text-base text-gray-800">{t('edit.notYours')}</p>
      ) : (
        <LocationForm
          key={location.id}
          locationId={location.id}
          initialValues={formFromLocation(location)}
          moveTo={device.position}
          onUseMyPosition={device.locate}
          locating={device.locating}
          onDone={(id) => {
            void navigate(paths.location.build(id));
          }}
          placeHref={paths.location.build}
          onRewarded={(reward) => {
            celebratePoints(reward, queryClient);
          }}
          cancelHref={backHref}
          existingPhotos={<ExistingPhotos location={location} />}
        />
      )}
    </ContributePage>
  );
}
