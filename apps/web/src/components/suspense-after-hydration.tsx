/**
 * A Suspense boundary for code that loads on demand (React.lazy) in a part of the page the
 * server draws. The server never has that code in the render (src/ssr/server-react.ts), so it
 * draws the fallback; while the browser hydrates, this draws the same fallback without a
 * boundary, and only then lets the lazy code load and replace it. A plain Suspense there would
 * make React throw the server's part away and report a hydration error (React #419).
 */
import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated.tsx';

export function SuspenseAfterHydration({
  fallback = null,
  children,
}: {
  readonly fallback?: ReactNode;
  readonly children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (!hydrated) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
