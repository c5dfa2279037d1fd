/**
 * Terms acceptance (spec §4): not accepted → accepted, kept on the device under the
 * versioned flag hasAcceptedToS_v1 = 'true' and read on load. Shared through context so
 * the dialog and the pages waiting for it (the location prompt) agree.
 */
import { STORAGE_KEYS } from '@playspot/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readStoredFlag, setStoredFlag } from '../../../platform/storage.ts';

interface TermsAcceptance {
  readonly accepted: boolean;
  readonly accept: () => void;
}

const TermsAcceptanceContext = createContext<TermsAcceptance | null>(null);

export function TermsAcceptanceProvider({ children }: { readonly children: ReactNode }) {
  const [accepted, setAccepted] = useState(() => readStoredFlag(STORAGE_KEYS.hasAcceptedToS));
  const accept = useCallback(() => {
    setStoredFlag(STORAGE_KEYS.hasAcceptedToS);
    setAccepted(true);
  }, []);
  const value = useMemo(() => ({ accepted, accept }), [accepted, accept]);
  return <TermsAcceptanceContext value={value}>{children}</TermsAcceptanceContext>;
}

export function useTermsAcceptance(): TermsAcceptance {
  const value = useContext(TermsAcceptanceContext);
  if (value === null) throw new Error('useTermsAcceptance needs a <TermsAcceptanceProvider> above it');
  return value;
}
