/**
 * The web sign-in window. The provider page runs in a popup whose callback page reports
 * the outcome to this tab twice: window.opener.postMessage (same origin) and a
 * BroadcastChannel (which survives the provider cutting the opener link with COOP).
 */

export const SIGN_IN_MESSAGE_TYPE = 'playspot:sign-in';
export const SIGN_IN_CHANNEL_NAME = 'playspot-sign-in';

export interface SignInOutcome {
  readonly ok: boolean;
  readonly message: string;
}

function asOutcome(data: unknown): SignInOutcome | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.type !== SIGN_IN_MESSAGE_TYPE || typeof record.ok !== 'boolean') return null;
  return { ok: record.ok, message: typeof record.message === 'string' ? record.message : '' };
}

/** Opens a centred popup; null when the browser blocked it. */
export function openSignInPopup(url: string): Window | null {
  const width = 480;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    url,
    'playspot-sign-in',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
}

/** Leaves the page for a full-page sign-in (when popups are blocked). */
export function navigateToSignIn(url: string): void {
  window.location.assign(url);
}

/**
 * Waits for the first sign-in outcome from either channel. Returns a stop function that
 * removes both listeners (call it on success, failure or when the dialog closes).
 */
export function listenForSignInOutcome(onOutcome: (outcome: SignInOutcome) => void): () => void {
  let done = false;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_IN_CHANNEL_NAME) : null;
  const stop = () => {
    done = true;
    window.removeEventListener('message', handleWindowMessage);
    channel?.close();
  };
  const deliver = (data: unknown) => {
    const outcome = asOutcome(data);
    if (done || outcome === null) return;
    stop();
    onOutcome(outcome);
  };
  function handleWindowMessage(event: MessageEvent) {
    // Only our own callback page may report a sign-in.
    if (event.origin === window.location.origin) deliver(event.data);
  }
  window.addEventListener('message', handleWindowMessage);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      deliver(event.data);
    };
  }
  return stop;
}
