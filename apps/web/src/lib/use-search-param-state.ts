/**
 * A piece of screen state kept in the URL's query (`?place=…`, `?sheet=filters`), so it is in
 * the browser's history: Back closes what the person opened before it leaves the page, and a
 * link or a reload reopens it. Opening from nothing adds a history entry; changing the value
 * replaces it (going from place to place is one step back, not one per place); closing goes
 * back when this page added the entry, else removes the value in place.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

interface OpenedHere {
  readonly openedParam: string;
}

function openedHere(state: unknown, name: string): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<OpenedHere>).openedParam === name;
}

export interface SearchParamState {
  readonly value: string | null;
  readonly open: (value: string) => void;
  readonly close: () => void;
}

export function useSearchParamState(name: string): SearchParamState {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const value = params.get(name);

  const open = useCallback(
    (next: string) => {
      if (value === next) return;
      const opening = value === null;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(name, next);
          return updated;
        },
        opening
          ? { state: { ...(location.state as object | null), openedParam: name } satisfies OpenedHere }
          : { replace: true, state: location.state as unknown },
      );
    },
    [value, name, setParams, location.state],
  );

  const close = useCallback(() => {
    if (value === null) return;
    if (openedHere(location.state, name)) {
      void navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  }, [value, name, location.state, navigate, setParams]);

  return { value, open, close };
}
