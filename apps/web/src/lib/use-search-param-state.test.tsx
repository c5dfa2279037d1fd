import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamState } from './use-search-param-state.ts';

/** The hook on a page of a memory router that starts at `entries`, with the location alongside. */
function renderOnPage(entries: string[]) {
  let router: ReturnType<typeof createMemoryRouter> | null = null;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], {
      initialEntries: entries,
      initialIndex: entries.length - 1,
    });
    return <RouterProvider router={router} />;
  };
  const view = renderHook(() => ({ place: useSearchParamState('place'), location: useLocation() }), {
    wrapper,
  });
  return view;
}

describe('useSearchParamState', () => {
  it('opening adds a history entry, switching replaces it, closing goes back', async () => {
    const { result } = renderOnPage(['/AboutUs', '/MapView']);
    expect(result.current.place.value).toBeNull();
    act(() => {
      result.current.place.open('a');
    });
    expect(result.current.location.search).toBe('?place=a');
    act(() => {
      result.current.place.open('b');
    });
    expect(result.current.location.search).toBe('?place=b');
    await act(async () => {
      result.current.place.close();
      await Promise.resolve();
    });
    // One step back: the map without a card, not the place before, not the page before.
    expect(result.current.location.pathname).toBe('/MapView');
    expect(result.current.location.search).toBe('');
    expect(result.current.place.value).toBeNull();
  });

  it('closing what a link opened removes it in place (there is nothing to go back to)', () => {
    const { result } = renderOnPage(['/MapView?place=a&zoom=3']);
    expect(result.current.place.value).toBe('a');
    act(() => {
      result.current.place.close();
    });
    expect(result.current.location.pathname).toBe('/MapView');
    expect(result.current.location.search).toBe('?zoom=3');
  });
});
