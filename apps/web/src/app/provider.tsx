/** Everything the pages share: data cache, terms acceptance, the sign-in dialog flag, toasts. */
import { TOAST_AUTO_CLOSE_MS } from '@playspot/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SignInDialogProvider } from '../features/auth/hooks/use-sign-in-dialog.tsx';
import { TermsAcceptanceProvider } from '../features/terms/hooks/use-terms-acceptance.tsx';
import { loadToasts } from '../lib/handle-error.ts';
import { createQueryClient } from '../lib/query-client.ts';

// The toast container loads after the first paint; toasts sent before it wait for it.
const ToastContainer = lazy(async () => ({ default: (await loadToasts()).ToastContainer }));

/** `queryClient`: one seeded with the data the server drew the page with (src/ssr/). */
export function AppProvider({
  children,
  queryClient: given,
}: {
  readonly children: ReactNode;
  readonly queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TermsAcceptanceProvider>
        <SignInDialogProvider>
          {children}
          <Suspense fallback={null}>
            <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop limit={3} />
          </Suspense>
        </SignInDialogProvider>
      </TermsAcceptanceProvider>
    </QueryClientProvider>
  );
}
