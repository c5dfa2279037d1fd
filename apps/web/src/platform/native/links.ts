/**
 * Leaving the app: web pages in the system browser sheet (Capacitor Browser), other apps by
 * URL (maps for directions: Capacitor AppLauncher), and the system share sheet.
 */
import { AppLauncher } from '@capacitor/app-launcher';
import { Browser } from '@capacitor/browser';
import { Share } from '@capacitor/share';
import type { NativeShell } from '../native-shell-contract.ts';
import { closedByPerson } from './cancellation.ts';

export const nativeLinks: Pick<NativeShell, 'openInBrowser' | 'openApp' | 'share'> = {
  async openInBrowser(url) {
    await Browser.open({ url });
  },
  async openApp(url) {
    const { completed } = await AppLauncher.openUrl({ url });
    // No app takes the URL (a geo: link without a maps app): the browser still can.
    if (!completed && /^https?:/u.test(url)) await Browser.open({ url });
  },
  async share(link) {
    try {
      await Share.share({ title: link.title, text: link.text, url: link.url, dialogTitle: link.title });
      return 'shared';
    } catch (error) {
      if (closedByPerson(error)) return 'cancelled';
      return 'unavailable';
    }
  },
};
