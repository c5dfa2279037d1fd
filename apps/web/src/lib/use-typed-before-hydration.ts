/**
 * A controlled text field in the server's HTML (the map's search box) can be typed into
 * before React hydrates it: the scripts are still arriving, or its Suspense boundary hydrates
 * a moment after the rest of the page. Hydration keeps the element and its text but raises no
 * change, so React's state stays empty and its next render would wipe what the parent typed.
 * Once the field is hydrated, this hands its text to the state, as if typed just then.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  type: (text: string) => void,
): void {
  useLayoutEffect(() => {
    // A layout effect: it runs in hydration's own commit, before any later render could set
    // the element's text back to the state's.
    const typedMeanwhile = field.current?.value;
    if (typedMeanwhile !== undefined && typedMeanwhile !== value) type(typedMeanwhile);
    // Only at hydration: afterwards the element's text and the state change together.
  }, []);
}
