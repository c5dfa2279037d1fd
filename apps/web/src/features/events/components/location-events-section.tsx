/** LocationEvents wired to the signed-in person and the sign-in dialog, for the place page. */
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog.tsx';
import { LocationEvents } from './location-events.tsx';

export function LocationEventsSection({
  locationId,
  locationName,
}: {
  readonly locationId: string;
  readonly locationName: string;
}) {
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  return (
    <LocationEvents
      locationId={locationId}
      locationName={locationName}
      signedIn={Boolean(me.data)}
      onSignIn={() => {
        openSignIn('add_event');
      }}
    />
  );
}
