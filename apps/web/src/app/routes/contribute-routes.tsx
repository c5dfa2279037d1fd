/**
 * The pages where people contribute and see what they shared: add and edit a place (with a
 * Leaflet picker, so loaded lazily), the own profile and public profiles.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { withNamespaces } from '../../lib/i18n/i18n.ts';

const AddPlaceRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./add-place.tsx'), 'contribute')).AddPlaceRoute,
}));
const EditPlaceRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./edit-place.tsx'), 'contribute')).EditPlaceRoute,
}));
const ProfileRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./profile.tsx'), 'profile', 'moderation', 'conditions'))
    .ProfileRoute,
}));
const MyRemovalRequestsRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./my-removal-requests.tsx'), 'moderation'))
    .MyRemovalRequestsRoute,
}));
const MyPlacesRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./my-places.tsx'), 'favourites')).MyPlacesRoute,
}));
const UserProfileRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./user-profile.tsx'), 'profile')).UserProfileRoute,
}));

function Pending() {
  const { t } = useTranslation();
  return <PageSpinner label={t('loadingPage')} />;
}

const lazyPage = (page: ReactNode) => <Suspense fallback={<Pending />}>{page}</Suspense>;

export const contributeRoutes: RouteObject[] = [
  { path: paths.addPlace, element: lazyPage(<AddPlaceRoute />), handle: { screenName: 'AddLocation' } },
  {
    path: paths.editPlace.pattern,
    element: lazyPage(<EditPlaceRoute />),
    handle: { screenName: 'EditLocation' },
  },
  { path: paths.profile, element: lazyPage(<ProfileRoute />), handle: { screenName: 'Profile' } },
  { path: paths.myPlaces, element: lazyPage(<MyPlacesRoute />), handle: { screenName: 'MyPlaces' } },
  {
    path: paths.myRemovalRequests,
    element: lazyPage(<MyRemovalRequestsRoute />),
    handle: { screenName: 'MyRemovalRequests' },
  },
  {
    path: paths.user.pattern,
    element: lazyPage(<UserProfileRoute />),
    handle: { screenName: 'UserProfile' },
  },
];
