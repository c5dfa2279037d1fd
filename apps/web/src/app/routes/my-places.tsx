/** /profile/places: My places, the places the signed-in parent saved (issue 18). */
import { Heart } from 'lucide-react';
import { useMemo } from 'react';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { MyPlaces } from '../../features/favourites/components/my-places.tsx';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { useTranslation } from 'react-i18next';

export function MyPlacesRoute() {
  const { t } = useTranslation('favourites');
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  // Where the parent is, if they already let the app know: never asked from here.
  const { position } = useUserPosition(true, { askWhenUndecided: false });
  // To about 100 m: a position that moves a few metres does not reload the list.
  const lat = position ? Math.round(position.lat * 1000) / 1000 : null;
  const lng = position ? Math.round(position.lng * 1000) / 1000 : null;
  const from = useMemo(() => (lat === null || lng === null ? null : { lat, lng }), [lat, lng]);
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-5 pt-8 pb-12">
      <title>{t('pageTitle', { product: env.productName })}</title>
      <h1 className="flex items-center gap-3 font-display text-4xl leading-tight font-semibold text-ink">
        <Heart aria-hidden="true" className="h-9 w-9 fill-rose-500 text-rose-600" />
        {t('title')}
      </h1>
      {me.isPending ? (
        <PageSpinner label={t('list.loading')} />
      ) : (
        <MyPlaces me={me.data ?? null} from={from} position={position} onSignIn={openSignIn} />
      )}
    </div>
  );
}
