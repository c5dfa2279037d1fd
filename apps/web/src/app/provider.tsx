/** Everything the pages share: data cache, terms acceptance, the sign-in dialog flag, toasts. */
import { TOAST_AUTO_CLOSE_MS } from '@playspot/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { SignInDialogProvider } from '../features/auth/hooks/use-sign-in-dialog.tsx';
import { TermsAcceptanceProvider } from '../features/terms/hooks/use-terms-acceptance.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export function AppProvider({ children }: { readonly children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TermsAcceptanceProvider>
        <SignInDialogProvider>
          {children}
          <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop limit={3} />
        </SignInDialogProvider>
      </TermsAcceptanceProvider>
    </QueryClientProvider>
  );
}
