/**
 * Only the first screen's CSS before the first paint (issue 28): the rules the server-drawn
 * shell in index.html uses (ssr-build.ts) are inlined by Beasties, with the @font-face of the
 * fonts it shows; the full stylesheet moves to the end of <body>, where it no longer holds the
 * first paint back. (Beasties' other ways of loading it late use an onload attribute, which
 * the Content-Security-Policy refuses.) main.tsx waits for it before the app takes over.
 */
import path from 'node:path';
import Beasties from 'beasties';
import type { Plugin } from 'vite';

export function criticalCss(): Plugin {
  let outDir = '';
  return {
    name: 'playspot-critical-css',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle ?? {};
        // The stylesheets are not written yet: Beasties reads them from the bundle.
        class FromBundle extends Beasties {
          override readFile(filename: string): string {
            const asset = bundle[path.relative(outDir, filename).split(path.sep).join('/')];
            if (asset?.type !== 'asset') throw new Error(`critical-css: no ${filename} in the bundle`);
            return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          }
        }
        const beasties = new FromBundle({
          path: outDir,
          publicPath: '/',
          preload: 'body',
          noscriptFallback: false,
          pruneSource: false,
          inlineFonts: true,
          preloadFonts: false,
          keyframes: 'critical',
          compress: true,
          logLevel: 'warn',
        });
        const withCritical = await beasties.process(html);
        // Beasties cannot see through the font variables (--font-display): the two faces'
        // @font-face rules go in too, or the first paint would draw the fallback font and
        // shift when the stylesheet arrives. Other subsets download only where text needs them.
        const css = Object.values(bundle)
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => (file.type === 'asset' ? String(file.source) : ''))
          .join('');
        // A subset small enough to be inlined as a data: URL stays in the stylesheet.
        const faces = (css.match(/@font-face\{[^}]*\}/gu) ?? []).filter((face) => !face.includes('data:'));
        return withCritical.replace('<style>', () => `<style>${faces.join('')}`);
      },
    },
  };
}
