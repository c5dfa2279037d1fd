/**
 * Whether the app's first render is drawing over the server's HTML (main.tsx). A dialog open
 * in that render is the one the server drew: it stays that element (static-dialog.tsx, made
 * modal in place) until it closes, instead of being replaced by the Radix dialog. Replacing
 * it painted the largest text of the first screen a second time, later (issue 28: Largest
 * Contentful Paint), and the Radix dialog's focus trap, scroll lock and portal cost a long
 * task while the page was still settling (Total Blocking Time).
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
