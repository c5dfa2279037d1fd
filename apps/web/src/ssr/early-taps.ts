/**
 * Taps on the server's HTML before the app took over (kept by the boot script,
 * build-tools/boot-script.ts), repeated on the same elements of the app's identical screen:
 * a parent who taps "Learn more" or a vote while the scripts arrive gets what they tapped.
 * An element is found by its place among its parent's children from #root, or from the open
 * dialog (the app draws dialogs outside #root, the server inside).
 */
interface EarlyTap {
  readonly dialog: boolean;
  readonly path: readonly number[];
}

declare global {
  interface Window {
    playspotEarlyTaps?: EarlyTap[];
  }
}

/** What the server leaves in place and the app puts in <head>: not counted (boot-script.ts). */
const HOISTED = /^(?:TITLE|META|LINK|STYLE|SCRIPT|TEMPLATE)$/u;

function counted(element: Element): Element[] {
  return [...element.children].filter((child) => !HOISTED.test(child.tagName));
}

export function repeatEarlyTaps(root: HTMLElement): void {
  const taps = window.playspotEarlyTaps ?? [];
  // Once: StrictMode runs effects twice in development.
  window.playspotEarlyTaps = [];
  for (const tap of taps) {
    let element: Element | null = tap.dialog ? document.querySelector('[role="dialog"]') : root;
    for (const index of tap.path) element = element ? (counted(element)[index] ?? null) : null;
    if (element instanceof HTMLElement) {
      element.focus();
      element.click();
    }
  }
}
