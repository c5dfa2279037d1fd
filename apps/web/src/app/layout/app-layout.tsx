/**
 * The frame of every page: skip link, header, the page inside an error boundary, and the
 * app-wide dialogs (terms: everywhere but the Terms page, spec §2; sign-in).
 */
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { TermsDialog } from '../../features/terms/components/terms-dialog.tsx';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { useScreenViewTracking } from '../hooks/use-screen-view-tracking.ts';
import { AppHeader } from './app-header.tsx';

export function AppLayout() {
  useScreenViewTracking();
  const { pathname } = useLocation();
  const onTermsPage = pathname.toLowerCase() === paths.terms.toLowerCase();

  return (
    <div className="flex min-h-dvh flex-col bg-sun-50">
      <a
        href="#main"
        className="sr-only z-[2000] rounded-full bg-white px-4 py-2 font-bold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader />
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
      {!onTermsPage && <TermsDialog />}
      <SignInDialog />
    </div>
  );
}
