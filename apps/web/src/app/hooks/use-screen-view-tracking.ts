/**
 * Spec §2: a screen view on first load and on every route change. The screen name is the
 * route's page name (its handle.screenName) when it has one, else the last path segment,
 * else 'Home' (core screenNameForPath).
 */
import { screenNameForPath } from '@playspot/core';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { trackScreenView } from '../../lib/analytics/analytics.ts';

export interface RouteHandle {
  readonly screenName?: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'screenName' in handle;
}

export function useScreenViewTracking(
  track: (screenName: string, path: string) => void = trackScreenView,
): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const pageName = isRouteHandle(handle) ? handle.screenName : undefined;
  // One view per path: React may run the effect twice in development, a re-render must not count.
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    if (lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    track(screenNameForPath(pathname, pageName), pathname);
  }, [pathname, pageName, track]);
}
