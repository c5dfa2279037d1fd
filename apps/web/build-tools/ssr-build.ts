/**
 * The first screen as HTML (issue 28), at build time:
 * - `serverReact`: in the SSR build, the app's `lazy` and `useSyncExternalStore` imports from
 *   react become src/ssr/server-react.ts's, so the server draws what the browser's first
 *   render draws (fallbacks for code not loaded yet, the stores' first values);
 * - `prerenderShell`: in the browser build, first builds src/ssr/render.tsx for Node
 *   (dist-ssr/, which the server also uses for place pages), then writes /MapView's shell into
 *   index.html: English in #root, every other language as a script's raw text, and a small inline
 *   script (boot-script.ts) that picks the one the person reads before the first paint.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { bootScript } from './boot-script.ts';

const SERVER_REACT = path.resolve(import.meta.dirname, '../src/ssr/server-react.ts');
const SWAPPED: Record<string, string> = {
  lazy: 'serverLazy',
  useSyncExternalStore: 'serverUseSyncExternalStore',
};
const REACT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react['"];?/u;

export function serverReact(): Plugin {
  return {
    name: 'playspot-server-react',
    apply: (config) => Boolean(config.build?.ssr),
    transform(code, id) {
      if (!/[\\/]src[\\/]/u.test(id) || /[\\/]src[\\/](?:ssr|lib[\\/]lazy-with-preload)/u.test(id))
        return null;
      const found = REACT_IMPORT.exec(code);
      if (!found) return null;
      const names = (found[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const swapped = names.filter((name) => name in SWAPPED);
      if (swapped.length === 0) return null;
      const kept = names.filter((name) => !(name in SWAPPED));
      const replacement = [
        kept.length > 0 ? `import { ${kept.join(', ')} } from 'react';` : '',
        `import { ${swapped.map((name) => `${SWAPPED[name] ?? name} as ${name}`).join(', ')} } from ${JSON.stringify(SERVER_REACT)};`,
      ].join('\n');
      return { code: code.replace(found[0], replacement), map: null };
    },
  };
}

export const SSR_OUT_DIR = 'dist-ssr';

/**
 * Every language's shell, rendered by the SSR build in a Node process of its own: inside
 * Vite's build process React's server renderer drew only the fallbacks (state that process
 * shares), and a fresh process also never keeps an older build's modules.
 */
interface Shell {
  readonly html: string;
  readonly namespaces: readonly string[];
}

function renderShells(root: string): Record<string, Shell> {
  const file = pathToFileURL(path.join(root, SSR_OUT_DIR, 'render.js')).href;
  const script = `const m = await import(${JSON.stringify(file)}); const out = {}; for (const l of m.LANGUAGES) out[l] = await m.renderShell(l); process.stdout.write(JSON.stringify(out));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output.toString('utf8')) as Record<string, Shell>;
}

export function prerenderShell(options: { readonly mode: string }): Plugin {
  let root = '';
  let shells: Record<string, Shell> | null = null;
  return {
    name: 'playspot-prerender-shell',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      await build({
        root,
        mode: options.mode,
        logLevel: 'warn',
        // The public folder is the browser's; the server bundle needs none of it.
        publicDir: false,
        build: { ssr: 'src/ssr/render.tsx', outDir: SSR_OUT_DIR, emptyOutDir: true },
        // The core package is TypeScript source: bundled, like the app's own code.
        ssr: { noExternal: ['@playspot/core'] },
      });
      shells = renderShells(root);
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (shells === null) throw new Error('prerenderShell: the SSR build did not run');
        const [[first, shell] = ['en', { html: '', namespaces: [] }], ...others] = Object.entries(shells);
        // As raw text, not <template>s: a browser reads a script's text without parsing it
        // into elements, and the eleven shells were most of a first visit's HTML parsing
        // (issue 42). The server sends none of them on a first visit (it draws the parent's
        // language itself); the service worker's copy of index.html keeps them for the
        // boot script.
        const templates = others.map(([language, drawn]) => {
          if (/<\/script/iu.test(drawn.html)) throw new Error(`The ${language} shell holds a </script>`);
          return `<script type="text/html" data-ssr-lang="${language}">${drawn.html}</script>`;
        });
        // The namespaces are the same in every language (the same components).
        const namespaces = shell.namespaces.join(',');
        return html.replace(
          '<div id="root"></div>',
          // The markers let the server draw another page (a place) in their place. The other
          // languages come before the boot script, which looks for them as it runs.
          `<!--ssr:start--><div id="root" data-ssr-path="/MapView" data-ssr-lang="${first}" data-ssr-ns="${namespaces}">${shell.html}</div><!--ssr:end-->\n    <!--ssr-templates:start-->${templates.join('')}<!--ssr-templates:end-->\n    <script>${bootScript}</script>`,
        );
      },
    },
  };
}
