/**
 * Sharing a link (house style: the only module that touches navigator.share and the
 * clipboard): the system share sheet where there is one (phones, some desktops), else the
 * link copied to the clipboard. Links are absolute, to the site (this page's origin on the
 * web; the server's in the native app, whose pages live on the device). The native app uses
 * the system share sheet.
 */
import { env } from '../config/env.ts';
import { nativeShell } from './native-shell.ts';
import type { SharedLink, ShareOutcome } from './shared-link.ts';

/** The absolute URL of a path of this app. */
export function absoluteUrl(path: string): string {
  return new URL(path, env.apiOrigin || window.location.origin).href;
}

export async function shareLink(link: SharedLink): Promise<ShareOutcome> {
  const data = { title: link.title, text: link.text, url: absoluteUrl(link.path) };
  const shell = nativeShell();
  if (shell) return shell.share({ ...link, url: data.url });
  if (
    typeof navigator.share === 'function' &&
    (typeof navigator.canShare !== 'function' || navigator.canShare(data))
  ) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Not allowed here (e.g. no user gesture left): copying still works.
    }
  }
  try {
    // Absent outside secure contexts, though the DOM types say it is always there.
    if (!('clipboard' in navigator) || typeof navigator.clipboard.writeText !== 'function')
      return 'unavailable';
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'unavailable';
  }
}

/** Copies `text` to the clipboard; false where the browser allows none (the person copies it by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Absent outside secure contexts, though the DOM types say it is always there.
    if (!('clipboard' in navigator) || typeof navigator.clipboard.writeText !== 'function') return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
