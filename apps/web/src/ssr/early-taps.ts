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

/** What a parent typed into the server's HTML before the app took over. */
interface EarlyText {
  readonly path: readonly number[];
  readonly value: string;
  readonly focused: boolean;
}

function pathFrom(root: Element, element: Element): number[] | null {
  const path: number[] = [];
  let current: Element = element;
  while (current !== root) {
    const parent = current.parentElement;
    if (!parent) return null;
    path.unshift(counted(parent).indexOf(current));
    current = parent;
  }
  return path;
}

/**
 * Follows what a parent types into the server's HTML's fields until the app takes over (a
 * search typed while the scripts arrive, or while the app's first render is under way):
 * the fields already changed when this starts, then every input event. The returned function
 * stops following and gives the last text of each field, for `restoreEarlyText` to type into
 * the same fields of the app's identical screen.
 */
export function watchEarlyText(root: HTMLElement): () => EarlyText[] {
  const latest = new Map<string, EarlyText>();
  const note = (field: HTMLInputElement | HTMLTextAreaElement) => {
    const path = pathFrom(root, field);
    if (path)
      latest.set(path.join('/'), { path, value: field.value, focused: document.activeElement === field });
  };
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== field.defaultValue) note(field);
  }
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) note(field);
  };
  root.addEventListener('input', onInput, true);
  return () => {
    root.removeEventListener('input', onInput, true);
    return [...latest.values()];
  };
}

export function restoreEarlyText(root: HTMLElement, kept: readonly EarlyText[]): void {
  for (const text of kept) {
    let element: Element | null = root;
    for (const index of text.path) element = element ? (counted(element)[index] ?? null) : null;
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    // Typed again since (another text than what was kept): left as it is.
    if (element.value !== '' && element.value !== text.value) continue;
    // Hydrated, the field is the same element and still shows the text, but React's state does
    // not have it. Its value through the element first (React notes '' as the last value it
    // saw), then through the prototype's setter and an input event, as typing does: React's
    // onChange hears the change.
    element.value = '';
    Reflect.set(Object.getPrototypeOf(element) as object, 'value', text.value, element);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    if (text.focused) element.focus();
  }
}
