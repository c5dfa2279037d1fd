/**
 * The frame of every page: skip link, header, the offline banner, the page inside an error
 * boundary, and the app-wide dialogs (terms: everywhere but the Terms page, spec §2;
 * sign-in), the new-version prompt and the sender of writes kept while offline.
 */
import { Suspense, lazy, useEffect, useState, type CSSProperties } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@playspot/core';
import { paths } from '../../config/paths.ts';
import { preloadDialogs } from '../../components/ui/dialog.tsx';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { OfflineBanner, OFFLINE_BANNER_HEIGHT } from '../../features/offline/components/offline-banner.tsx';
import { useOnline } from '../../features/offline/hooks/use-online.ts';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { readStoredFlag } from '../../platform/storage.ts';
import { usePersonalCacheGuard } from '../hooks/use-personal-cache-guard.ts';
import { useScreenViewTracking } from '../hooks/use-screen-view-tracking.ts';
import { AppHeader } from './app-header.tsx';
import { useNativeShellEvents } from '../hooks/use-native-shell-events.ts';
import { startPositionCheck } from '../../features/user-position/user-position-store.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { withNamespaces } from '../../lib/i18n/i18n.ts';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';

// The sign-in dialog's code (and what it uses) loads the first time someone opens it: a
// first visit never needs it. Once mounted it stays, so it closes with its animation.
const SignInDialog = lazy(async () => ({
  default: (await withNamespaces(() => import('../../features/auth/components/sign-in-dialog.tsx'), 'auth'))
    .SignInDialog,
}));
// Neither is needed to draw the page: the service worker registers after it has loaded.
const UpdateReady = lazy(async () => ({
  default: (
    await withNamespaces(() => import('../../features/offline/components/update-ready.tsx'), 'offline')
  ).UpdateReady,
}));
const QueuedWritesSender = lazy(async () => ({
  default: (
    await withNamespaces(
      () => import('../../features/offline/components/queued-writes-sender.tsx'),
      'offline',
    )
  ).QueuedWritesSender,
}));
// Live updates need nothing on the first screen: they start once it is drawn.
const LiveUpdates = lazy(async () => ({
  default: (await import('../components/live-updates.tsx')).LiveUpdates,
}));
const TermsDialog = lazyWithPreload(
  async () =>
    (await withNamespaces(() => import('../../features/terms/components/terms-dialog.tsx'), 'terms'))
      .TermsDialog,
);

/**
 * A first visit opens on the terms dialog, the largest thing on its first screen (and in the
 * server's HTML): its code is fetched at once, beside the page's own, and the app takes over
 * from that HTML only once the dialog renders synchronously. It is drawn in place as the
 * server draws it (AppDialog's openInPlace), so the Radix dialog's code is not waited for.
 */
export function preloadTermsDialog(): Promise<void> {
  if (readStoredFlag(STORAGE_KEYS.hasAcceptedToS)) return Promise.resolve();
  return TermsDialog.preload();
}

/**
 * 'Explore PlaySpots' in the native app (spec §2: a supplied handler): the terms are accepted
 * where the person is (a shared place stays open), and the app starts looking for what is
 * near them, explaining before the system asks for location.
 */
function exploreNearby(): void {
  startPositionCheck({ askWhenUndecided: true });
}

/**
 * A leaf of its own: /api/me's answer redraws this alone, not the whole frame (React redraws
 * what reads a query synchronously, issue 42).
 */
function PersonalCacheGuard() {
  usePersonalCacheGuard();
  return null;
}

export function AppLayout() {
  const { t } = useTranslation();
  useScreenViewTracking();
  const { pathname } = useLocation();
  const onTermsPage = pathname.toLowerCase() === paths.terms.toLowerCase();
  // The dialogs' code comes once the first screen is interactive, ready before anyone taps.
  useEffect(() => {
    void afterFirstScreen().then(preloadDialogs);
  }, []);
  const { open: signInOpen } = useSignInDialog();
  const [signInOpened, setSignInOpened] = useState(signInOpen);
  if (signInOpen && !signInOpened) setSignInOpened(true);
  useNativeShellEvents();
  // Full-height pages (the map) leave room for the offline banner.
  const online = useOnline();
  const frameStyle = { '--offline-banner-height': online ? '0px' : OFFLINE_BANNER_HEIGHT } as CSSProperties;

  return (
    <div className="flex min-h-dvh flex-col bg-sun-50" style={frameStyle}>
      <a
        href="#main"
        className="sr-only z-[2000] rounded-full bg-white px-4 py-2 font-bold focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('skipToContent')}
      </a>
      <PersonalCacheGuard />
      <AppHeader />
      <OfflineBanner />
      <main id="main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col focus:outline-none">
        <ErrorBoundary
          FallbackComponent={ErrorFallback}
          resetKeys={[pathname]}
          onError={(error) => {
            console.error('Rendering failed', error);
          }}
        >
          <Outlet />
        </ErrorBoundary>
      </main>
      {/* Each on its own: one boundary would hold the terms dialog back until every part loaded. */}
      {/* Preloaded before hydration (the server draws it): a plain boundary. */}
      <Suspense fallback={null}>
        {!onTermsPage && <TermsDialog onExploreInNativeApp={exploreNearby} />}
      </Suspense>
      <SuspenseAfterHydration fallback={null}>{signInOpened && <SignInDialog />}</SuspenseAfterHydration>
      <SuspenseAfterHydration fallback={null}>
        <UpdateReady />
        <QueuedWritesSender />
        <LiveUpdates />
      </SuspenseAfterHydration>
    </div>
  );
}
