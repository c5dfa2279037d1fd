/**
 * The page a sign-in popup lands on: it tells the opening tab the outcome and closes. Opener
 * links are often cut by the provider's Cross-Origin-Opener-Policy, so it also announces the
 * result on a same-origin BroadcastChannel; when it is not a popup it goes on to `returnTo`.
 */
import { createHash } from 'node:crypto';

export const SIGN_IN_CHANNEL = 'playspot-sign-in';

export interface SignInOutcome {
  ok: boolean;
  message: string;
  returnTo: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script>: `<` escaped so no string can close the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

export function signInCallbackPage(outcome: SignInOutcome): { html: string; scriptHash: string } {
  const message = { type: 'playspot:sign-in', ok: outcome.ok, message: outcome.message };
  const script = `(function () {
  var message = ${scriptJson(message)};
  var returnTo = ${scriptJson(outcome.returnTo)};
  try { new BroadcastChannel(${scriptJson(SIGN_IN_CHANNEL)}).postMessage(message); } catch (e) {}
  if (window.opener && !window.opener.closed) {
    try { window.opener.postMessage(message, window.location.origin); } catch (e) {}
    window.close();
  }
  if (message.ok) setTimeout(function () { window.location.replace(returnTo); }, 300);
})();`;
  const scriptHash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
  const title = outcome.ok ? 'Signed in' : 'Sign-in failed';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · PlaySpot</title></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem; color: #1f2937">
<p>${escapeHtml(outcome.message)}</p>
<p><a href="${escapeHtml(outcome.returnTo)}">Continue to PlaySpot</a></p>
<script>${script}</script>
</body>
</html>`;
  return { html, scriptHash };
}
