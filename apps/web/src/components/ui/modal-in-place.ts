/**
 * A dialog the server drew in place (static-dialog.tsx), made modal once the page has painted,
 * as the Radix dialog would be: the rest of the page inert (no focus, no taps, hidden from
 * screen readers), the page behind it not scrolling, focus on the dialog unless the person is
 * already in it, Escape answered like a tap outside. Undone when the dialog closes.
 */
import { useEffect, useRef, type RefObject } from 'react';

export interface ModalInPlaceOptions {
  /** Escape or a tap outside: the dialog's answer (close it, or say why not). */
  readonly onOutsideAction: () => void;
}

/** Each element beside the path from `element` up to <body>: what the dialog covers. */
function coveredBy(element: Element): Element[] {
  const covered: Element[] = [];
  for (let node = element; node !== document.body && node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children)
      if (sibling !== node && !sibling.hasAttribute('inert')) covered.push(sibling);
  }
  return covered;
}

export function useModalInPlace(
  wrapper: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  options: ModalInPlaceOptions,
): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const around = wrapper.current;
    const dialog = content.current;
    if (!around || !dialog) return;
    const root = document.documentElement;
    const overflowBefore = root.style.overflow;
    let covered: Element[] = [];
    // After the first paint of the app's screen: each of these restyles the page, which is
    // cheap then and a long task while the page is still being drawn.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        covered = coveredBy(around);
        for (const element of covered) element.setAttribute('inert', '');
        root.style.overflow = 'hidden';
        if (!dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
      }, 0);
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latest.current.onOutsideAction();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
      for (const element of covered) element.removeAttribute('inert');
      root.style.overflow = overflowBefore;
    };
  }, [wrapper, content]);
}
