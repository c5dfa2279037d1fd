/**
 * The app's scripts start downloading only after the server's HTML has been painted (issue
 * 42). On a slow phone connection the first paint needs the HTML, its inlined CSS and the two
 * fonts; about 150 KB of scripts fetched at the same time share that bandwidth and push the
 * first paint back (Lighthouse's simulation counts every download started before the paint).
 * The HTML is readable and the early taps are kept (boot-script.ts) until the app takes over.
 *
 * Vite's entry <script type="module"> and its <link rel="modulepreload">s leave <head>; a
 * small inline script at the end of <body> adds them once a frame has been painted, or after
 * a short while where no frame comes (a tab opened in the background). The server allows it
 * by its hash, as the boot script.
 */
import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/u;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/gu;
/** Where no frame is painted (a background tab), the scripts still load. */
const WITHOUT_A_FRAME_MS = 300;

export function loaderScript(entry: string, preloads: readonly string[]): string {
  return `(function(){var d=false;function go(){if(d)return;d=true;var h=document.head;${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${String(WITHOUT_A_FRAME_MS)})})();`;
}

export function scriptsAfterPaint(): Plugin {
  return {
    name: 'playspot-scripts-after-paint',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (entry === undefined) throw new Error('scripts-after-paint: no entry script in index.html');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
        return html
          .replace(ENTRY, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</body>', () => `<script>${loaderScript(entry, preloads)}</script></body>`);
      },
    },
  };
}
