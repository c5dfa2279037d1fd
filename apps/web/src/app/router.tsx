/**
 * The routes (paths from config/paths.ts). /MapView is code-split: Leaflet and the map's
 * code load only there, so the other pages and the first paint stay light.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { CrashTest } from './components/crash-test.tsx';
import { RouteErrorFallback } from './components/error-fallback.tsx';
import { MapSkeleton } from './components/map-skeleton.tsx';
import type { RouteHandle } from './hooks/use-screen-view-tracking.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { contributeRoutes } from './routes/contribute-routes.tsx';
import { withNamespaces } from '../lib/i18n/i18n.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';

// The two pages the server draws as HTML (src/ssr/): preloadable, so the app takes over
// from that HTML with the same screen (see preloadFirstScreen).
const MapViewRoute = lazyWithPreload(async () => {
  const module = await import('./routes/map-view.tsx');
  await module.preloadMapView();
  return module.MapViewRoute;
});
const EventsRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/events.tsx'), 'events')).EventsRoute,
}));
const DealsRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/deals.tsx'), 'deals')).DealsRoute,
}));
const ModerationRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/moderation.tsx'), 'moderation')).ModerationRoute,
}));
const MaintenanceRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/maintenance.tsx'), 'conditions')).MaintenanceRoute,
}));
const PlaceRoute = lazyWithPreload(
  async () =>
    (
      await withNamespaces(
        () => import('./routes/place-page.tsx'),
        'location-details',
        'events',
        'favourites',
      )
    ).PlaceRoute,
);

const PLACE_PATH = /^\/locations\/(?!new\/?$)[^/]+\/?$/;

/**
 * The code of the page at `pathname` when the server drew it as HTML (/MapView, a place):
 * the app's first render must wait for it, or it would replace that HTML with a spinner.
 */
export function preloadFirstScreen(pathname: string): Promise<void> {
  if (pathname.toLowerCase() === paths.map.toLowerCase()) return MapViewRoute.preload();
  if (PLACE_PATH.test(pathname)) return PlaceRoute.preload();
  return Promise.resolve();
}

// Long texts read rarely: apart from the first load.
const AboutUsRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/about-us.tsx'), 'app')).AboutUsRoute,
}));
const TermsRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/terms.tsx'), 'app', 'terms')).TermsRoute,
}));
const NotFoundRoute = lazy(async () => ({
  default: (await withNamespaces(() => import('./routes/not-found.tsx'), 'app')).NotFoundRoute,
}));

const notFoundHandle: RouteHandle = { screenName: 'NotFound' };

/** Shown only while the / → /MapView redirect runs: the page's background, nothing else. */
function RedirectPending() {
  return <div className="min-h-dvh bg-sun-50" />;
}

/** While a lazily loaded page arrives: a quiet spinner, no layout jump of the header. */
function PagePending() {
  const { t } = useTranslation();
  return <PageSpinner label={t('loadingPage')} />;
}

export function appRoutes(options: { crashRoute: boolean }): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: AppLayout,
      ErrorBoundary: RouteErrorFallback,
      HydrateFallback: RedirectPending,
      children: [
        // A loader redirect, so the first screen view is MapView rather than Home then MapView.
        { index: true, loader: () => redirect(paths.map), Component: RedirectPending },
        {
          path: paths.map,
          element: (
            <Suspense fallback={<MapSkeleton />}>
              <MapViewRoute />
            </Suspense>
          ),
        },
        {
          path: paths.aboutUs,
          element: (
            <Suspense fallback={<PagePending />}>
              <AboutUsRoute />
            </Suspense>
          ),
        },
        {
          path: paths.events,
          element: (
            <Suspense fallback={<PagePending />}>
              <EventsRoute />
            </Suspense>
          ),
        },
        {
          path: paths.deals,
          element: (
            <Suspense fallback={<PagePending />}>
              <DealsRoute />
            </Suspense>
          ),
        },
        {
          path: paths.moderation,
          element: (
            <Suspense fallback={<PagePending />}>
              <ModerationRoute />
            </Suspense>
          ),
        },
        {
          path: paths.maintenance,
          element: (
            <Suspense fallback={<PagePending />}>
              <MaintenanceRoute />
            </Suspense>
          ),
        },
        {
          path: paths.terms,
          element: (
            <Suspense fallback={<PagePending />}>
              <TermsRoute />
            </Suspense>
          ),
        },
        {
          path: paths.place.pattern,
          element: (
            <Suspense fallback={<RedirectPending />}>
              <PlaceRoute />
            </Suspense>
          ),
        },
        ...contributeRoutes,
        ...(options.crashRoute ? [{ path: paths.crashTest, Component: CrashTest }] : []),
        {
          path: '*',
          element: (
            <Suspense fallback={<PagePending />}>
              <NotFoundRoute />
            </Suspense>
          ),
          handle: notFoundHandle,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes({ crashRoute: env.crashRouteEnabled }));
}
