/**
 * A page reached by a link or after a save opens at its top (a new place used to open where
 * the add form had been scrolled to); Back and Forward keep the browser's own restoring.
 */
import { useLayoutEffect } from 'react';
import { NavigationType, useNavigationType } from 'react-router';

export function useScrollToTop(key: unknown): void {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key, navigationType]);
}
