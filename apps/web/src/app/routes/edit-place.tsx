/** /locations/:locationId/edit: change a place (who added it, moderators and admins). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { ContributePage, SignInToContribute } from '../../features/contribute/components/contribute-page.tsx';
import { ExistingPhotos } from '../../features/contribute/components/existing-photos.tsx';
import { PlaceForm } from '../../features/contribute/components/place-form.tsx';
import { useDevicePosition } from '../../features/contribute/hooks/use-device-position.ts';
import { formFromPlace } from '../../features/contribute/utils/place-form.ts';
import { celebratePoints } from '../../components/celebrate-points.tsx';
import { usePlaceDetails } from '../../lib/api/get-place.ts';
import { NotFoundRoute } from './not-found.tsx';
import { useTranslation } from 'react-i18next';

export function EditPlaceRoute() {
  const { t } = useTranslation('contribute');
  const { locationId = null } = useParams();
  const { me, signedOut, askToSignIn } = useSignInOnArrival('edit_location');
  const placeQuery = usePlaceDetails(locationId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const device = useDevicePosition({ auto: false });

  if (placeQuery.isError) return <NotFoundRoute />;
  const place = placeQuery.data;
  const backHref = locationId === null ? paths.map : paths.place.build(locationId);
  // The server says who may edit (who added it, moderators, admins) for the signed-in caller.
  const mayEdit = place?.canEdit === true;

  return (
    <ContributePage
      title={place ? t('edit.titleNamed', { name: place.name }) : t('edit.title')}
      // What saving does, only for someone who may save (issue 49).
      intro={mayEdit ? t('edit.intro') : null}
      backHref={backHref}
      backLabel={t('edit.back')}
    >
      <title>
        {t('edit.pageTitle', { name: place?.name ?? t('edit.aPlaySpot'), product: env.productName })}
      </title>
      {me.isPending || placeQuery.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : signedOut ? (
        <SignInToContribute what={t('edit.signInWhat')} onSignIn={askToSignIn} />
      ) : !mayEdit ? (
        <p className="text-base text-gray-800">{t('edit.notYours')}</p>
      ) : (
        <PlaceForm
          key={place.id}
          locationId={place.id}
          initialValues={formFromPlace(place)}
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
          cancelHref={backHref}
          existingPhotos={<ExistingPhotos place={place} />}
        />
      )}
    </ContributePage>
  );
}
