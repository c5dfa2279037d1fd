// The two display fonts, self-hosted and loaded globally (spec §2, DESIGN.md): one file each
// on the first screen (issue 28). Fredoka's 600 also draws its 500 (font-medium headings);
// Nunito's bold text is Nunito 400 emboldened by the browser.
import '@fontsource/fredoka/600.css';
import '@fontsource/nunito/400.css';
import './index.css';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadTermsDialog } from './app/layout/app-layout.tsx';
import { preloadFirstScreen } from './app/router.tsx';
import { repeatEarlyTaps } from './ssr/early-taps.ts';
import { seededQueryClient } from './ssr/seeded-query-client.ts';
import { HydratingServerHtml } from './lib/use-hydrated.tsx';
import { installAnalyticsExitFlush } from './lib/analytics/analytics.ts';
import { loadNamespaces, startI18n } from './lib/i18n/i18n.ts';
import { isNamespace } from './lib/i18n/namespaces.ts';
import { startLanguage } from './lib/i18n/languages.ts';
import { isNativeApp } from './platform/device.ts';
import { prepareNativeShell } from './platform/native-shell.ts';

installAnalyticsExitFlush();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;
/** The server drew the first screen as HTML (src/ssr/; the boot script kept it for this page). */
const drawnByServer = container.hasChildNodes();

/**
 * Runs once the app has hydrated the server's HTML (its effects run after the commit). Two
 * frames later dialogs may animate again, and what was tapped on
 * that HTML meanwhile happens now.
 */
function TakenOver({ children }: { readonly children: ReactNode }) {
  useEffect(() => {
    if (!drawnByServer) return;
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        // What is open now was on screen before the takeover: it must not play its entry
        // animation once animations are allowed again (the dialog would rise in a second time).
        for (const open of document.querySelectorAll('[data-state="open"]'))
          open.setAttribute('data-ssr-drawn', '');
        document.documentElement.removeAttribute('data-ssr-takeover');
        repeatEarlyTaps(container);
      });
    });
  }, []);
  return children;
}

/**
 * What React reports while it hydrates: the browser's first render differed from the server's
 * HTML, and React drew that part again. Each is a defect (issue 42): the browser tests fail on
 * this message (e2e/fixtures.ts).
 */
function reportRecoverableError(error: unknown): void {
  console.error('React could not hydrate part of the page', error);
}

/**
 * As a transition, React renders the app in slices of a few milliseconds and lets the
 * browser answer taps in between, instead of one long task (issue 28: Total Blocking Time on
 * a phone). Over the server's HTML it hydrates that HTML: the first render draws exactly what
 * the server drew, so React only attaches to the page instead of drawing it again (issue 42).
 */
function render() {
  const app = (
    <StrictMode>
      {/* Around the app, not beside it: a sibling would shift every useId from the server's. */}
      <TakenOver>
        <App queryClient={seededQueryClient()} />
      </TakenOver>
    </StrictMode>
  );
  if (drawnByServer) {
    startTransition(() => {
      hydrateRoot(container, <HydratingServerHtml>{app}</HydratingServerHtml>, {
        onRecoverableError: reportRecoverableError,
      });
    });
    return;
  }
  const root = createRoot(container, { onRecoverableError: reportRecoverableError });
  startTransition(() => {
    root.render(app);
  });
}

/**
 * The full stylesheet, which the build moved to the end of <body> (only the first screen's
 * CSS is inlined, build-tools/critical-css.ts): the app's screen needs all of it.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  return Promise.all(
    links
      .filter((link) => link.sheet === null)
      .map(
        (link) =>
          new Promise((settle) => {
            link.addEventListener('load', settle, { once: true });
            link.addEventListener('error', settle, { once: true });
          }),
      ),
  );
}

// In English the texts the first screen needs are bundled: it draws at once, with no promise
// in between. In another language its first texts load first (two small files), so no
// English flashes before the translation. Over the server's HTML, the app waits for the
// code of what that HTML shows, so its first render is the same screen, not a spinner.
function start() {
  const language = startLanguage();
  const ready = startI18n(language);
  const waits: Promise<unknown>[] = language === 'en' ? [] : [ready];
  if (drawnByServer) {
    waits.push(
      preloadFirstScreen(window.location.pathname),
      preloadTermsDialog(),
      stylesheetsLoaded(),
      // Every text the HTML shows: a component whose namespace is missing would suspend and
      // the app's first render would show a fallback instead of the same page.
      loadNamespaces(...(container.dataset.ssrNs ?? '').split(',').filter(isNamespace)),
    );
  }
  if (waits.length === 0) render();
  else void Promise.all(waits).then(render, render);
}
// Inside the iOS/Android app, the device's saved settings (the language among them) and
// session are read first.
if (isNativeApp()) void prepareNativeShell().then(start);
// Over the server's HTML, in a task of its own: evaluating the app's modules is one task,
// and asking for the first screen's code (a link per file, about thirty on a place's page)
// another, so neither blocks a tap for long (issue 42: together 85 ms at a 4× slower CPU).
else if (drawnByServer) setTimeout(start, 0);
else start();
