/** /locations/:locationId/edit: change a place (who added it, moderators and admins). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { ContributePage, SignInToContribute } from '../../features/contribute/components/contribute-page.tsx';
import { LocationForm } from '../../features/contribute/components/location-form.tsx';
import { useDevicePosition } from '../../features/contribute/hooks/use-device-position.ts';
import { formFromLocation } from '../../features/contribute/utils/location-form.ts';
import { celebratePoints } from '../../components/celebrate-points.tsx';
import { useLocationDetails } from '../../lib/api/get-location.ts';
import { NotFoundRoute } from './not-found.tsx';

export function EditLocationRoute() {
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
      title={location ? `Edit ${location.name}` : 'Edit a play spot'}
      intro="Keep the details right for the next family. Saving starts the tag votes afresh with your tags."
      backHref={backHref}
      backLabel="Back to the place"
    >
      <title>{`Edit ${location?.name ?? 'a play spot'} · ${env.productName}`}</title>
      {me.isPending || place.isPending ? (
        <PageSpinner label="Loading" />
      ) : signedOut ? (
        <SignInToContribute what="edit this place" onSignIn={askToSignIn} />
      ) : !mayEdit ? (
        <p className="text-base text-gray-800">
          Only the person who added this place, or a moderator, can change it. If something is wrong, you can
          ask for it to be removed on the place&apos;s page.
        </p>
      ) : (
        <LocationForm
          key={location.id}
          locationId={location.id}
          initialValues={formFromLocation(location)}
          moveTo={device.position}
          onUseMyLocation={device.locate}
          locating={device.locating}
          onDone={(id) => {
            void navigate(paths.location.build(id));
          }}
          placeHref={paths.location.build}
          onRewarded={(reward) => {
            celebratePoints(reward, queryClient);
          }}
          cancelHref={backHref}
        />
      )}
    </ContributePage>
  );
}
