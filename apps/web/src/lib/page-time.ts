/**
 * The time a server-drawn page was drawn at. Ages and opening states ("12 min ago", "closes in
 * 5 min") in the browser's first render use it instead of the browser's clock, so a minute
 * that turns between the server's render and hydration does not make the two differ (issue
 * 42); once hydrated, the page uses the clock (components/use-now.ts).
 */
const ROOT_ATTRIBUTE = 'ssrTime';

let drawingAt: number | null = null;

/** On the server, just before a render: the time that render draws with. */
export function drawWithTime(time: number): void {
  drawingAt = time;
}

/** When the page on screen (or the server's render under way) was drawn; null if unknown. */
export function pageDrawnAt(): number | null {
  if (typeof document === 'undefined') return drawingAt;
  const given = Number(document.getElementById('root')?.dataset[ROOT_ATTRIBUTE]);
  return Number.isFinite(given) && given > 0 ? given : null;
}
