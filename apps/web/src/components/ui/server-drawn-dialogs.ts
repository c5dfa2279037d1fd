/**
 * Whether the app's first render is drawing over the server's HTML (main.tsx). A dialog open
 * in that render is the one the server drew: the app draws it in place as the server did
 * (static-dialog.tsx, made modal in place) until it closes, instead of the Radix dialog. The
 * Radix dialog mounting in that render made a synchronous second render and a forced layout
 * of the whole page (issue 28: Total Blocking Time), and swapping it in a moment later painted
 * the largest text of the first screen a second time, later (Largest Contentful Paint).
 */
let overServerHtml = false;

export function startDrawingOverServerHtml(): void {
  overServerHtml = true;
}

/** Called once the app's first render is in the page. */
export function stopDrawingOverServerHtml(): void {
  overServerHtml = false;
}

export function isDrawingOverServerHtml(): boolean {
  return overServerHtml;
}
