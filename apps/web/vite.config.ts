import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import {
  OFFLINE_CACHES,
  SAVED_AREAS,
  SAVED_DAYS,
  SAVED_PLACES,
  SAVED_THUMBNAILS,
  SAVED_TILES,
} from './src/config/offline-caches.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** A place id in a path (the server's ids are UUIDs). */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * API answers are network first: fresh whenever the network answers within a few seconds
 * (a vote or comment is seen at once), the saved copy offline or on a dead connection.
 * Stale-while-revalidate would show the copy from before a write until the next visit.
 */
const NETWORK_TIMEOUT_SECONDS = 4;
import { initialJsBudget } from './build-tools/initial-js-budget.ts';
import { noChunkCircles } from './build-tools/no-chunk-circles.ts';
import { preloadFonts } from './build-tools/preload-fonts.ts';
import { prerenderShell, serverReact } from './build-tools/ssr-build.ts';
import { criticalCss } from './build-tools/critical-css.ts';
import { scriptsAfterPaint } from './build-tools/scripts-after-paint.ts';
import { embedBuild } from './build-tools/embed-build.ts';

/**
 * Namespaces of texts whose files load together, one file per language and group (issue 42):
 * what every first visit loads after its first screen (the account corner, the offline
 * notices, the terms), what a place's page reads (its sections, events, saving, conditions),
 * and what the map loads after its list (the search, the position notices, the filters).
 * Five requests fewer on a place's first visit, four on the map's. A screen that needs one of
 * them loads its neighbours too (a few KB); nobody loads another language's texts.
 */
const TEXTS_LOADED_TOGETHER: Partial<Record<string, 'start' | 'place' | 'map'>> = {
  auth: 'start',
  offline: 'start',
  terms: 'start',
  'location-details': 'place',
  events: 'place',
  favourites: 'place',
  conditions: 'place',
  search: 'map',
  'user-position': 'map',
  filters: 'map',
};

/**
 * Rolldown's note that plugins "ran for 16 s" comes with every build on a busy or small
 * machine (the first `npm start` printed it, issue 45): it is about the build's own speed,
 * with nothing for the person starting the app to do. Every other warning stays on.
 */
const BUILD_CHECKS = { bundlerTimings: false };

export default defineConfig(({ mode, isSsrBuild = false }) => {
  // The app reads VITE_PRODUCT_NAME in src/config/env.ts; the manifest needs it at build time.
  const productName = loadEnv(mode, import.meta.dirname, 'VITE_').VITE_PRODUCT_NAME?.trim() || 'PlaySpot';
  // `--mode native`: the build for the iOS/Android shell (apps/mobile), whose files are on the
  // device: no service worker or manifest, and no compressed copies (nothing is downloaded).
  const forNativeShell = mode === 'native';
  return {
    plugins: [
      react(),
      tailwindcss(),
      serverReact(),
      // The native shell's files are on the device, and its terms live in its Preferences.
      ...(forNativeShell
        ? []
        : [prerenderShell({ mode }), criticalCss(), scriptsAfterPaint(), embedBuild({ mode })]),
      // The list's heading (Fredoka 600, the largest text on a phone's first screen) and the
      // body text (Nunito 400).
      preloadFonts({
        files: [/fredoka-latin-600-normal-[^.]+\.woff2$/, /nunito-latin-400-normal-[^.]+\.woff2$/],
      }),
      ...(isSsrBuild
        ? []
        : [
            // 155 KB since issue 28: every icon travels in one file (a few KB more, a dozen
            // requests fewer). 156 KB since issue 33: the stored filters keep play equipment
            // (its kinds' list) and the map carries the "Right now" button (0.3 KB in all).
            // 160 KB since issue 28's third round: what the first screens start just after
            // their first paint travels with them in one file (3.8 KB more here, 4 requests
            // fewer), and zod left every first load (25 KB).
            // 161 KB since issue 45/47: the town chip, the embed and twelve languages' address code
            // left no room at 160 (160.0 KB with the test build's crash route); see issue 42's note.
            // 162 KB since issue 46: distances in feet and miles (the choice in the header's
            // menu, the conversion), times on the language's clock and places' names in the
            // parent's language, 1.1 KB on the list and the header (a place's hours in words
            // travel with the place page).
            initialJsBudget({ routeModule: 'src/app/routes/map-view.tsx', label: '/MapView', budgetKb: 162 }),
            noChunkCircles(),
          ]),
      // Text files compressed once, at the best levels, beside the originals; the server sends
      // the .br or .gz a browser accepts (@fastify/static preCompressed). Fonts, PNGs and WebP
      // are compressed already.
      // The SSR build (src/ssr/, for Node) needs neither compressed copies nor the worker.
      ...(forNativeShell || isSsrBuild
        ? []
        : [
            compression({
              include: /\.(?:html|js|mjs|css|json|svg|webmanifest|txt)$/,
              threshold: 512,
              // The plugin's defaults are each algorithm's best level (brotli 11, gzip 9).
              algorithms: ['brotliCompress', 'gzip'],
              skipIfLargerOrEqual: true,
            }),
            // The installable app (issue 16): manifest, and a service worker that precaches the app
            // shell and keeps the places and areas a person looked at for offline use.
            VitePWA({
              registerType: 'prompt',
              // platform/service-worker.ts registers it (after the page has loaded) and asks before
              // a new version takes over.
              injectRegister: false,
              includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
              manifest: {
                name: `${productName} — play spots for families`,
                short_name: productName,
                description:
                  'Find, rate and share playgrounds, indoor play places, kid-friendly events and deals near you.',
                id: '/MapView',
                start_url: '/MapView',
                scope: '/',
                display: 'standalone',
                orientation: 'any',
                theme_color: '#f97316',
                background_color: '#fff7ed',
                categories: ['lifestyle', 'travel', 'kids'],
                icons: [
                  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
                  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
                  {
                    src: '/icons/icon-maskable-512.png',
                    sizes: '512x512',
                    type: 'image/png',
                    purpose: 'maskable',
                  },
                ],
              },
              workbox: {
                // The app shell: every script and style, the page, and the Latin fonts (other
                // scripts' subsets and the old .woff copies load only where a browser needs them).
                globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'assets/*-latin-*.woff2', 'icons/*.png'],
                // The embeddable map's files are other sites' (issue 47), never this app's shell.
                globIgnores: ['**/*.br', '**/*.gz', 'embed.html', 'assets/embed-*'],
                navigateFallback: '/index.html',
                // A place's page comes from the server (below), everything else from the shell.
                // The embeddable map is a page of its own (issue 47), from the server.
                navigateFallbackDenylist: [
                  /^\/api\//,
                  new RegExp(`^/locations/${UUID}/?$`),
                  /^\/embed(?:\/|$)/,
                ],
                cleanupOutdatedCaches: true,
                // A new version waits until the person chooses to reload ("A new version is ready");
                // the first one takes charge of the open page at once, so what it shows is saved.
                skipWaiting: false,
                clientsClaim: true,
                runtimeCaching: [
                  {
                    // A place's page as the server draws it, with its data (issue 28): a repeat
                    // visit takes over drawn HTML as a first visit does, instead of drawing the
                    // page itself after five more fetches. Not kept: offline, the app shell
                    // opens and shows the saved copy of the place, as before.
                    urlPattern: ({ request, url }) =>
                      request.mode === 'navigate' &&
                      /^\/locations\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/.test(
                        url.pathname,
                      ),
                    handler: 'NetworkOnly',
                    options: { precacheFallback: { fallbackURL: '/index.html' } },
                  },
                  {
                    urlPattern: new RegExp(
                      `/api/locations/${UUID}(?:/page|/events|/facts|/conditions|/equipment)?(?:\\?.*)?$`,
                    ),
                    handler: 'NetworkFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.places,
                      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
                      expiration: { maxEntries: SAVED_PLACES * 2, maxAgeSeconds: SAVED_DAYS * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                      plugins: [
                        {
                          // Offline, a place asked for on its own (the map's card, "continue where
                          // you were") that was saved as part of its page (issue 42): the page
                          // answer's place, dated as that answer. Copied into the worker as source:
                          // no outside names inside.
                          handlerDidError: async ({ request }) => {
                            if (!/\/api\/locations\/[0-9a-f-]{36}$/i.test(new URL(request.url).pathname))
                              return undefined;
                            const cache = await caches.open('playspot-places');
                            const saved = await cache.match(`${request.url}/page`);
                            if (saved === undefined) return undefined;
                            const page = (await saved.json()) as { place?: unknown };
                            if (page.place === undefined) return undefined;
                            return new Response(JSON.stringify(page.place), { headers: saved.headers });
                          },
                        },
                      ],
                    },
                  },
                  {
                    urlPattern: /\/api\/(?:locations\/(?:summaries|viewport)|events\/today)\?/,
                    handler: 'NetworkFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.areas,
                      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
                      expiration: { maxEntries: SAVED_AREAS * 3, maxAgeSeconds: SAVED_DAYS * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                      plugins: [
                        {
                          // Offline, and this exact area was never saved (the map reopens where it
                          // was left, a few streets from the last list): the latest saved answer of
                          // the same kind. Its places keep their own positions; distances are
                          // measured on the device. Copied into the worker as source: no outside
                          // names inside.
                          handlerDidError: async ({ request }) => {
                            const cache = await caches.open('playspot-areas');
                            const kind = new URL(request.url).pathname;
                            const saved = (await cache.keys()).filter(
                              (key) => new URL(key.url).pathname === kind,
                            );
                            const latest = saved.at(-1);
                            return latest === undefined ? undefined : cache.match(latest);
                          },
                        },
                      ],
                    },
                  },
                  {
                    // Only who is signed in: points, contributions and the like stay network only.
                    urlPattern: /\/api\/me$/,
                    handler: 'NetworkFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.person,
                      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
                      expiration: { maxEntries: 1, maxAgeSeconds: SAVED_DAYS * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                    },
                  },
                  {
                    // My places: the latest list opens offline, wherever the parent now stands
                    // (a list asked from another position falls back to the latest saved one).
                    urlPattern: /\/api\/me\/favourites(?:\?.*)?$/,
                    handler: 'NetworkFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.myPlaces,
                      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
                      expiration: { maxEntries: 5, maxAgeSeconds: SAVED_DAYS * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                      plugins: [
                        {
                          // Copied into the worker as source: no outside names inside.
                          handlerDidError: async () => {
                            const cache = await caches.open('playspot-my-places');
                            const latest = (await cache.keys()).at(-1);
                            return latest === undefined ? undefined : cache.match(latest);
                          },
                        },
                      ],
                    },
                  },
                  {
                    // Stored files never change (random names), so the saved copy is always right.
                    urlPattern: /\/api\/files\/.*thumb[^/]*$/,
                    handler: 'CacheFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.thumbnails,
                      expiration: { maxEntries: SAVED_THUMBNAILS, maxAgeSeconds: SAVED_DAYS * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                    },
                  },
                  {
                    urlPattern: /\/assets\//,
                    handler: 'CacheFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.assets,
                      expiration: { maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS },
                      cacheableResponse: { statuses: [200] },
                    },
                  },
                  {
                    // The server's run-time settings: fresh when online, the saved copy offline
                    // (the map then still knows its tiles, and the tile rule below reads it).
                    urlPattern: /\/api\/config$/,
                    handler: 'NetworkFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.config,
                      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
                      expiration: { maxEntries: 1 },
                      cacheableResponse: { statuses: [200] },
                    },
                  },
                  {
                    // Map tiles ({z}/{x}/{y}.png) from any tile server: cache first, bounded; an
                    // opaque cross-origin tile counts large against the quota, so purge on a full quota.
                    // Kept and used only while the server's settings say the provider allows it
                    // (TILE_OFFLINE; OpenStreetMap's public servers never do): otherwise every
                    // tile comes from the network and none is stored.
                    urlPattern: ({ url }) =>
                      /\/\d+\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/.test(url.pathname),
                    handler: 'CacheFirst',
                    options: {
                      cacheName: OFFLINE_CACHES.tiles,
                      expiration: {
                        maxEntries: SAVED_TILES,
                        maxAgeSeconds: 30 * DAY_SECONDS,
                        purgeOnQuotaError: true,
                      },
                      cacheableResponse: { statuses: [0, 200] },
                      plugins: [
                        {
                          // Copied into the worker as source: no outside names inside.
                          cacheWillUpdate: async ({ response }) => {
                            const settings = await caches.match('/api/config', {
                              cacheName: 'playspot-config',
                            });
                            if (settings === undefined) return null;
                            try {
                              const body = (await settings.json()) as { tiles?: { offline?: unknown } };
                              return body.tiles?.offline === true ? response : null;
                            } catch {
                              return null;
                            }
                          },
                          cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                            if (cachedResponse === undefined) return null;
                            const settings = await caches.match('/api/config', {
                              cacheName: 'playspot-config',
                            });
                            if (settings === undefined) return null;
                            try {
                              const body = (await settings.json()) as { tiles?: { offline?: unknown } };
                              return body.tiles?.offline === true ? cachedResponse : null;
                            } catch {
                              return null;
                            }
                          },
                        },
                      ],
                    },
                  },
                ],
              },
            }),
          ]),
    ],
    resolve: {
      // react-router's package names only its development build, which differs from the
      // production one only by its warnings to developers (about 0.5 KB brotli on every visit).
      alias: [
        {
          find: /^react-router$/u,
          replacement: path.join(
            path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
            `dist/${mode === 'development' ? 'development' : 'production'}/index.mjs`,
          ),
        },
      ],
    },
    server: {
      port: 5173,
      // `npm run dev`: the API runs on :3000 beside Vite's hot-reloading dev server.
      proxy: { '/api': 'http://localhost:3000' },
    },
    // The entry chunk (React, router, query, dialogs) is one file on purpose; the budget
    // plugin above watches what matters, the initial JS of the map route.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The one chunk above 700 kB is opening-hours (715 kB, 116 kB gzip): the opening_hours
      // library and its holiday tables, imported only when a place's hours are read
      // (use-opening-hours.ts), never on the map's first load. Its warning on every first
      // `npm start` told nothing to act on (issue 45); a chunk grown past 800 kB still warns.
      chunkSizeWarningLimit: 800,
      // Every browser the app supports preloads modules itself; the polyfill is dead weight.
      modulePreload: { polyfill: false },
      // The groups are the browser's: the server build (src/ssr/, for Node) keeps every lazy
      // part apart, so loading it never evaluates Leaflet or anything else needing a window.
      rollupOptions: isSsrBuild
        ? { checks: BUILD_CHECKS }
        : {
            checks: BUILD_CHECKS,
            output: {
              // The framework, core and the app's small shared modules travel as one file: left
              // to itself the bundler cuts them into dozens of sub-kilobyte files, and on a phone's
              // HTTP/1.1 connection each one costs a round trip and its headers.
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                    priority: 2,
                  },
                  {
                    // zod and the response schemas alone: only a check loads them (lib/api-client.ts),
                    // and the core rules the first screens use must not travel with them.
                    name: 'schemas',
                    test: /node_modules[\\/]zod[\\/]|packages[\\/]core[\\/]src[\\/]schemas[\\/]/,
                    includeDependenciesRecursively: false,
                    priority: 3,
                  },
                  {
                    // Every icon in one file (issue 28): each is a few hundred bytes, and the first
                    // screen alone used fifteen, each its own request.
                    name: 'icons',
                    // Not the icons of rare dialogs (sharing, embedding, an empty search): they travel with
                    // their screens, or every first visit would carry them.
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!(?:copy|external-link|code-xml|link-2|share-2|search-x)\.mjs)/,
                    priority: 4,
                  },
                  {
                    // What both first screens draw or start just after their first paint (list
                    // badges, opening status, account corner, live updates, offline outbox): one file
                    // instead of a dozen of one kilobyte each, every one costing a slow-4G round trip
                    // and its headers.
                    name: 'first-screen',
                    test: /apps[\\/]web[\\/]src[\\/](?:features[\\/]auth[\\/](?:components[\\/]account-area|sign-in-events)|features[\\/]offline[\\/]components[\\/](?:queued-writes-sender|update-ready)|lib[\\/](?:offline-outbox|live-stream|i18n[\\/](?:format|rich-text))|app[\\/](?:live-queries|components[\\/]live-updates)|components[\\/](?:opening-status|condition-icons|use-opening-hours|place-badges))\./,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                  {
                    // What a place page's parts share with the page's one read (issue 42): a file of
                    // its own, or the place page's chunks would import each other in a circle, and in
                    // the shared chunk every first visit of the map would carry it.
                    name: 'place-page-reading',
                    test: /apps[\\/]web[\\/]src[\\/]lib[\\/]place-page-reading\.|packages[\\/]core[\\/]src[\\/]landmark\.ts/,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                  {
                    // A place's page: its sections, their reads and writes, in one file instead of
                    // a dozen. Only the page's own folders: what it shares with other screens
                    // (events, conditions, a form field, the points toast) stays apart, or chunks
                    // would import each other in a circle (build-tools/no-chunk-circles.ts).
                    name: 'place-page',
                    // (With core's /embed addresses, which only its share menu uses.)
                    test: /apps[\\/]web[\\/]src[\\/](?:features[\\/](?:place-details|favourites)[\\/]|components[\\/](?:fact-icons|when-near-view)\.)|packages[\\/]core[\\/]src[\\/]seo[\\/]embed\.ts|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?:copy|external-link|code-xml|link-2|share-2)\.mjs/,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                  {
                    // A language's texts that load together travel together (TEXTS_LOADED_TOGETHER).
                    name: (id) => {
                      const text = /locales[\\/]([a-z]{2}(?:-[A-Za-z]+)?)[\\/]([a-z-]+)\.json$/u.exec(id);
                      const group = text === null ? undefined : TEXTS_LOADED_TOGETHER[text[2] ?? ''];
                      return text === null || group === undefined ? null : `texts-${text[1] ?? ''}-${group}`;
                    },
                    priority: 1,
                  },
                  {
                    // Platform code only later screens use stays out, and platform/native/ is the
                    // native app's own chunk (with the plugins): the web never downloads it.
                    name: 'shared',
                    // Also the small modules the map route and the place page both import
                    // (each was its own file of a few hundred bytes, fetched one after another
                    // once the route's chunk had arrived: a dozen round trips).
                    test: /apps[\\/]web[\\/]src[\\/](?:platform[\\/](?!native[\\/]|device-photos|device-sign-in|outbound-links)|config|lib[\\/](?:api-client|analytics|query-client|handle-error|lat-lng|after-first-screen|api[\\/]get-place)|components[\\/](?:ui[\\/](?:button|spinner|logo)|use-now|condition-words|fact-chips|fact-filter-icons)|features[\\/]user-position[\\/]hooks[\\/]use-user-position\.)|packages[\\/]core[\\/]src[\\/](?:assert|geo|time|fact-filters|events|facts|points|reports|tag-labels|tag-votes|votes|equipment-kinds|filters|conditions|towns|amenities|visits|trust|access|import[\\/]attribution)\.ts|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?:shared|Icon|createLucideIcon|defaultAttributes|context)/,
                    priority: 1,
                  },
                ],
              },
            },
          },
    },
  };
});
