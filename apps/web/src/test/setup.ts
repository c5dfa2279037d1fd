/**
 * Shared test setup for the web app (jsdom). Testing Library cleans up between tests only
 * with vitest globals, which this project does not use, so it is done here; device storage
 * starts empty and the position unknown in every test. The texts are English, every
 * namespace loaded, as after the app has been open a while.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { preloadDialogs } from '../components/ui/dialog.tsx';
import { toastContainerMounted } from '../lib/handle-error.ts';
import { i18n, loadNamespaces, startI18n } from '../lib/i18n/i18n.ts';
import { NAMESPACES } from '../lib/i18n/namespaces.ts';

// A page's code loads on demand (lazy routes and sections): the first test of a file waits for
// those imports, which took over the default 1 s on a busy two-core machine.
configure({ asyncUtilTimeout: 4000 });

// A parent in Auckland, PlaySpot's home (jsdom's browser says en-US, which measures in feet and
// miles): distances in metres and kilometres unless a test chooses otherwise (issue 46).
Object.defineProperty(window.navigator, 'languages', { value: ['en-NZ', 'en'], configurable: true });

// jsdom has no scrolling (it logs "not implemented"); pages that open at their top call this.
window.scrollTo = () => undefined;

// Tests render react-toastify's container themselves, before any toast (the app's provider
// says so once its own has mounted).
toastContainerMounted();

// Dialogs load their code apart in the app (components/ui/dialog.tsx); tests have it at once.
beforeAll(async () => {
  await preloadDialogs();
  if (!i18n.isInitialized) await startI18n('en');
  await loadNamespaces(...NAMESPACES);
});

beforeEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The position lives as long as the page; each test is a new page load. Imported here, not
  // at the top, so a test file's vi.mock of what the store uses applies to it.
  const { resetUserPositionStore } = await import('../features/user-position/user-position-store.ts');
  resetUserPositionStore();
});

afterEach(() => {
  cleanup();
});
