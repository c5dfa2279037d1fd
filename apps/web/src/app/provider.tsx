/** Everything the pages share: data cache, terms acceptance, the sign-in dialog flag, toasts. */
import { TOAST_AUTO_CLOSE_MS } from '@playspot/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInDialogProvider } from '../features/auth/hooks/use-sign-in-dialog.tsx';
import { TermsAcceptanceProvider } from '../features/terms/hooks/use-terms-acceptance.tsx';
import { importToasts, onToastsWanted, toastContainerMounted, toastsWanted } from '../lib/handle-error.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SuspenseAfterHydration } from '../components/suspense-after-hydration.tsx';

// The toast container loads with the first toast, which waits for it (handle-error.ts).
const ToastContainer = lazy(async () => ({ default: (await importToasts()).ToastContainer }));

/** Tells the toasts' callers that the container beside it has mounted (handle-error.ts). */
function ContainerMounted() {
  useEffect(() => {
    // After the container's own effects have registered it.
    const timer = setTimeout(toastContainerMounted, 0);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return null;
}

/** The toasts, right to left in Arabic (react-toastify's own mirrored layout, issue 46). */
function Toasts() {
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      limit={3}
      rtl={i18n.dir() === 'rtl'}
    />
  );
}

/** `queryClient`: one seeded with the data the server drew the page with (src/ssr/). */
export function AppProvider({
  children,
  queryClient: given,
}: {
  readonly children: ReactNode;
  readonly queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const showsToasts = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      <TermsAcceptanceProvider>
        <SignInDialogProvider>
          {children}
          {showsToasts && (
            <SuspenseAfterHydration fallback={null}>
              <Toasts />
              <ContainerMounted />
            </SuspenseAfterHydration>
          )}
        </SignInDialogProvider>
      </TermsAcceptanceProvider>
    </QueryClientProvider>
  );
}
