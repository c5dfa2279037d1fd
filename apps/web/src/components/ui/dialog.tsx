/**
 * The app's modal dialog (radix-dialog.tsx). Radix and its focus and scroll helpers are a
 * sixth of the first page's script, and no dialog is open when a page first paints, so they
 * load apart: right after the first paint (preloadDialogs), or when a dialog opens first,
 * whichever comes sooner. Once loaded, every dialog renders synchronously.
 */
import { lazy, Suspense, useState } from 'react';
import type { AppDialogProps } from './radix-dialog.tsx';
import { StaticDialog } from './static-dialog.tsx';

type RadixDialogModule = typeof import('./radix-dialog.tsx');

let loaded: RadixDialogModule | null = null;
let loading: Promise<RadixDialogModule> | null = null;

/** Starts (or joins) loading the dialog code; resolves once dialogs render synchronously. */
export function preloadDialogs(): Promise<RadixDialogModule> {
  loading ??= import('./radix-dialog.tsx').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

const LazyRadixAppDialog = lazy(async () => ({ default: (await preloadDialogs()).RadixAppDialog }));

export function AppDialog(props: AppDialogProps) {
  const [inPlace, setInPlace] = useState(() => props.open && props.openInPlace === true);
  if (inPlace && !props.open) setInPlace(false);
  // On the server (src/ssr/) there is no portal and no focus to trap: drawn in place.
  if (typeof document === 'undefined') return props.open ? <StaticDialog {...props} /> : null;
  if (inPlace) return <StaticDialog {...props} modal />;
  if (loaded !== null) return <loaded.RadixAppDialog {...props} />;
  // Closed and not loaded yet: nothing to show, nothing to load for.
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyRadixAppDialog {...props} />
    </Suspense>
  );
}
