/**
 * The embeddable map (issue 47) is a page of its own, embed.html, built after the app by a
 * build of its own: none of the app's chunks, groups or first-screen steps reach it, and its
 * JavaScript on first load is checked against its budget (100 KB brotli). Its files land in
 * dist/ beside the app's (dist/embed.html, dist/assets/embed-*), compressed as the app's are;
 * the service worker does not precache them.
 */
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** What a framed map may cost a council's page on first load. */
export const EMBED_JS_BUDGET_KB = 100;

const brotliSize = (code: string) =>
  brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

/** Fails the build when the embed's first-load JavaScript (entry and static imports) is over budget. */
function embedJsBudget(): Plugin {
  let summary = '';
  return {
    name: 'playspot-embed-js-budget',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (entry === undefined) this.error('embed-js-budget: no entry chunk');
      const needed = new Set<string>();
      const visit = (file: string) => {
        if (needed.has(file)) return;
        needed.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      const kb = [...needed].reduce((sum, file) => sum + brotliSize(chunks.get(file)?.code ?? ''), 0) / 1000;
      summary = `/embed initial JS: ${kb.toFixed(1)} KB brotli in ${String(needed.size)} file(s) (budget ${String(EMBED_JS_BUDGET_KB)} KB)`;
      if (kb > EMBED_JS_BUDGET_KB) this.error(`${summary}: over budget`);
    },
    closeBundle() {
      if (summary !== '') console.log(`${summary}\n`);
    },
  };
}

export function embedBuild(options: { readonly mode: string }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'playspot-embed-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    // After the app's build has written (and emptied) dist/.
    async closeBundle() {
      await build({
        configFile: false,
        root,
        mode: options.mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [
          embedJsBudget(),
          compression({
            include: /\.(?:html|js|css|svg)$/,
            threshold: 512,
            algorithms: ['brotliCompress', 'gzip'],
            skipIfLargerOrEqual: true,
          }),
        ],
        build: {
          outDir: path.resolve(root, outDir),
          emptyOutDir: false,
          modulePreload: { polyfill: false },
          rollupOptions: {
            input: { embed: path.resolve(root, 'embed.html') },
            output: {
              entryFileNames: 'assets/embed-[hash].js',
              chunkFileNames: 'assets/embed-[name]-[hash].js',
              assetFileNames: 'assets/embed-[name]-[hash][extname]',
            },
          },
        },
      });
    },
  };
}
