/**
 * The routes (paths from config/paths.ts). /MapView is code-split: Leaflet and the map's
 * code load only there, so the other pages and the first paint stay light.
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { CrashTest } from './components/crash-test.tsx';
import { RouteErrorFallback } from './components/error-fallback.tsx';
import { MapSkeleton } from './components/map-skeleton.tsx';
import type { RouteHandle } from './hooks/use-screen-view-tracking.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { AboutUsRoute } from './routes/about-us.tsx';
import { LocationRoute } from './routes/location-page.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { TermsRoute } from './routes/terms.tsx';

const MapViewRoute = lazy(async () => ({ default: (await import('./routes/map-view.tsx')).MapViewRoute }));

const notFoundHandle: RouteHandle = { screenName: 'NotFound' };

/** Shown only while the / → /MapView redirect runs: the page's background, nothing else. */
function RedirectPending() {
  return <div className="min-h-dvh bg-sun-50" />;
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
        { path: paths.aboutUs, Component: AboutUsRoute },
        { path: paths.terms, Component: TermsRoute },
        { path: paths.location.pattern, Component: LocationRoute },
        ...(options.crashRoute ? [{ path: paths.crashTest, Component: CrashTest }] : []),
        { path: '*', Component: NotFoundRoute, handle: notFoundHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes({ crashRoute: env.crashRouteEnabled }));
}
