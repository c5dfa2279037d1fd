/** What the native shell tells the app, and tells back; nothing happens on the web. */
import { nativeShell } from './native-shell.ts';

/** A shared link to this site opened the app: `handler` gets its path to show. */
export function onAppLinkOpened(handler: (path: string) => void): () => void {
  return nativeShell()?.onAppLink(handler) ?? (() => undefined);
}

/** The first screen is drawn: the native splash screen can go. */
export function markFirstScreenDrawn(): void {
  nativeShell()?.appReady();
}
