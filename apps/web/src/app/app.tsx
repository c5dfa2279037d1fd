import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { RouterProvider } from 'react-router';
import { ErrorFallback } from './components/error-fallback.tsx';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export function App({ queryClient }: { readonly queryClient?: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary FallbackComponent={ErrorFallback}>
      <AppProvider {...(queryClient ? { queryClient } : {})}>
        <RouterProvider router={router} />
      </AppProvider>
    </ErrorBoundary>
  );
}
