/**
 * Resolves once the first screen is interactive: the page has loaded and the main thread has
 * had an idle moment (or a short while has passed). For the heavy parts nobody needs to read
 * the first screen, such as Leaflet (issue 28): they no longer compete with it.
 */
const IDLE_TIMEOUT_MS = 1500;

let firstScreen: Promise<void> | null = null;

export function afterFirstScreen(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      // Safari has no requestIdleCallback: the next task instead.
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(
          () => {
            resolve();
          },
          { timeout: IDLE_TIMEOUT_MS },
        );
      } else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return firstScreen;
}
