/**
 * The first screen as HTML (issue 28): /MapView's shell at build time (build-tools/
 * prerender-shell.ts) and a place's page with its data on each request (the server's
 * place-pages). The same components the app renders, with what the app's first render has:
 * the preloaded page, the terms dialog on a first visit, and for a place the query cache
 * seeded with the answers embedded beside the HTML, so the app takes over without a jump.
 * Built for Node by `vite build --ssr` (dist-ssr/render.js).
 */
import type { PlacePage } from '@playspot/core';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { ResourceKey } from 'i18next';
import { renderToString } from 'react-dom/server';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ErrorFallback } from '../app/components/error-fallback.tsx';
import { preloadTermsDialog } from '../app/layout/app-layout.tsx';
import { AppProvider } from '../app/provider.tsx';
import { DrawnOnTheServer } from '../lib/use-hydrated.tsx';
import { appRoutes, preloadFirstScreen } from '../app/router.tsx';
import { i18n } from '../lib/i18n/i18n.ts';
import { isLanguage, LANGUAGES, type Language } from '../lib/i18n/languages.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { drawWithTime } from '../lib/page-time.ts';
import { placePageParts, placePagePath, seedPlacePage } from '../app/routes/place-page-read.ts';

export { LANGUAGES, type Language };

const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default', eager: true });

/** Every text in every language: the server never waits for a namespace. */
function allResources(): Record<string, Record<string, ResourceKey>> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    (resources[language] ??= {})[namespace] = texts;
  }
  return resources;
}

let ready: Promise<void> | null = null;

/** Texts, the two pages' code and the terms dialog, once per process. */
function prepare(): Promise<void> {
  ready ??= (async () => {
    const resources = allResources();
    await i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      ns: Object.keys(resources.en ?? {}),
      defaultNS: 'common',
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
    await Promise.all([
      preloadFirstScreen('/MapView'),
      preloadFirstScreen('/locations/x'),
      preloadTermsDialog(),
    ]);
  })();
  return ready;
}

/** A page as HTML, and the text namespaces it used (the app loads them before it takes over). */
export interface Drawn {
  readonly html: string;
  readonly namespaces: readonly string[];
  /** The time the page was drawn with (lib/page-time.ts), for the browser's first render. */
  readonly drawnAt: number;
}

/** `page`: a place's answer, put into the cache as read at the drawing time. */
async function renderApp(
  url: string,
  language: Language,
  queryClient: QueryClient,
  page?: PlacePage,
): Promise<Drawn> {
  await prepare();
  const routes = appRoutes({ crashRoute: false });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answers with a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const texts = i18n.cloneInstance({ lng: language, initAsync: false });
  // Texts made outside components (i18n.t: fact words, photo labels) read the shared instance:
  // it speaks the page's language during this render. renderToString is synchronous, so no
  // other request's render runs in between.
  void i18n.changeLanguage(language);
  const drawnAt = Date.now();
  drawWithTime(drawnAt);
  if (page !== undefined) seedPlacePage(queryClient, page, drawnAt);
  const html = renderToString(
    <DrawnOnTheServer>
      <I18nextProvider i18n={texts}>
        <ErrorBoundary FallbackComponent={ErrorFallback}>
          <AppProvider queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </ErrorBoundary>
      </I18nextProvider>
    </DrawnOnTheServer>,
  );
  // react-i18next notes each namespace a component asked for on the instance it used.
  const report = (texts as { reportNamespaces?: { getUsedNamespaces: () => string[] } }).reportNamespaces;
  return { html, namespaces: report?.getUsedNamespaces() ?? [], drawnAt };
}

/** /MapView's shell on a first visit (the terms dialog open), with no data. */
export async function renderShell(language: Language): Promise<Drawn> {
  const queryClient = createQueryClient();
  try {
    return await renderApp('/MapView', language, queryClient);
  } finally {
    forget(queryClient);
  }
}

/**
 * Drops a render's queries and their garbage-collection timers: a query a component starts
 * while drawing keeps a timer for its cache time, which would hold each rendered page in the
 * server's memory for minutes and keep the build's prerendering process from exiting.
 */
function forget(queryClient: QueryClient): void {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
}

/** A public API read (GET, signed out): its JSON, or null when it did not answer 200. */
export type FetchJson = (path: string) => Promise<unknown>;

export interface RenderedPlace extends Drawn {
  /** The answers the HTML was drawn with, for the app's query cache (embedded as JSON). */
  readonly state: DehydratedState;
}

/**
 * A place's page with its data, as someone signed out sees it on a first visit; null when
 * the place does not exist (the app then shows its own "not found").
 */
export async function renderPlace(
  placeId: string,
  language: string,
  fetchJson: FetchJson,
): Promise<RenderedPlace | null> {
  const queryClient = createQueryClient();
  try {
    return await drawPlace(queryClient, placeId, language, fetchJson);
  } finally {
    forget(queryClient);
  }
}

async function drawPlace(
  queryClient: QueryClient,
  placeId: string,
  language: string,
  fetchJson: FetchJson,
): Promise<RenderedPlace | null> {
  // The page's one answer (issue 42): the HTML, the app's first render and the offline copy
  // all come from it.
  const page = (await fetchJson(placePagePath(placeId))) as PlacePage | null;
  if (page === null) return null;
  const drawn = await renderApp(
    `/locations/${placeId}`,
    isLanguage(language) ? language : 'en',
    queryClient,
    page,
  );
  // The page answer alone travels in the HTML: its parts are the same data again (the place
  // route puts them into their queries before its sections draw, place-page-read.ts).
  const parts = new Set(placePageParts(page).map((part) => JSON.stringify(part.queryKey)));
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => !parts.has(JSON.stringify(query.queryKey)),
  });
  return { ...drawn, state };
}
