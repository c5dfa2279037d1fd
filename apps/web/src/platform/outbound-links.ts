/**
 * Links that leave PlaySpot (websites, deals, directions): a new tab on the web; inside the
 * native app the system browser sheet for web pages, or the app that handles the URL (maps
 * for directions), so the person is never stuck in a page without the app's navigation.
 */
import type { MouseEvent } from 'react';
import { nativeShell } from './native-shell.ts';

export interface OutboundLinkProps {
  readonly href: string;
  readonly target: '_blank';
  readonly rel: 'noopener noreferrer';
  readonly onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** `opens`: 'browser' for a web page, 'app' for a URL another app handles (geo:, maps). */
export function outboundLinkProps(url: string, opens: 'browser' | 'app' = 'browser'): OutboundLinkProps {
  return {
    href: url,
    target: '_blank',
    rel: 'noopener noreferrer',
    onClick: (event) => {
      const shell = nativeShell();
      if (!shell) return;
      event.preventDefault();
      const leaving = opens === 'app' ? shell.openApp(url) : shell.openInBrowser(url);
      leaving.catch((error: unknown) => {
        console.warn(`Could not open ${url}`, error);
      });
    },
  };
}
