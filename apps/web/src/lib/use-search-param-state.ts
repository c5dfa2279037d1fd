/**
 * A piece of screen state kept in the URL's query (`?place=…`, `?sheet=filters`), so it is in
 * the browser's history: Back closes what the person opened before it leaves the page, and a
 * link or a reload reopens it. Opening from nothing adds a history entry; changing the value
 * replaces it (going from place to place is one step back, not one per place); closing goes
 * back when this page added the entry, else removes the value in place.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLatest } from './use-latest.ts';

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
  const place = useLocation();
  const navigate = useNavigate();
  const value = params.get(name);
  // open and close keep their identity while the address changes (issue 42): the map's list
  // and markers take them as props and are redrawn only when those change, not when another
  // parameter (the filters sheet) opens.
  const latest = useLatest({ value, state: place.state as unknown, setParams, navigate });

  const open = useCallback(
    (next: string) => {
      const { value: current, state, setParams: set } = latest.current;
      if (current === next) return;
      const opening = current === null;
      set(
        (params) => {
          const updated = new URLSearchParams(params);
          updated.set(name, next);
          return updated;
        },
        opening
          ? { state: { ...(state as object | null), openedParam: name } satisfies OpenedHere }
          : { replace: true, state },
      );
    },
    [name],
  );

  const close = useCallback(() => {
    const { value: current, state, setParams: set, navigate: go } = latest.current;
    if (current === null) return;
    if (openedHere(state, name)) {
      void go(-1);
      return;
    }
    set(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  }, [name]);

  return { value, open, close };
}
