/**
 * False while React hydrates the server's HTML (and on the server), true from then on and in
 * every render of a page the browser drew itself. What only the device knows (code not loaded
 * yet, a stored position, the platform) is drawn as the server drew it until this is true,
 * so the first render in the browser matches the server's HTML exactly (issue 42).
 *
 * A context switched by a transition, not a store: React redraws every component whose store
 * differs from the server's value synchronously, all in one task, after hydration. Over the
 * map's first screen that was one task of 430 ms at a 4× slower CPU (the header, the language
 * menu, the terms dialog and each lazy part at once). A context changed in a transition is
 * drawn in slices; a part of the page not hydrated yet is hydrated first with the old value,
 * so it still matches the server's HTML.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** A page the browser draws itself is hydrated from its first render. */
const HydratedContext = createContext(true);

/** Around the app as the server draws it: nothing is hydrated there. */
export function DrawnOnTheServer({ children }: { readonly children: ReactNode }) {
  return <HydratedContext value={false}>{children}</HydratedContext>;
}

/** Around the app while it hydrates the server's HTML: true once the first commit is done. */
export function HydratingServerHtml({ children }: { readonly children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => {
      setHydrated(true);
    });
  }, []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** `differs`, but false while hydrating (the value the server drew with). */
export function useAfterHydration(differs: boolean): boolean {
  return useHydrated() && differs;
}
