/**
 * Preloads the fonts the first screen draws with (issue 16). A web font is otherwise found
 * only once the CSS is parsed and text using it is laid out, and the largest text on the map
 * (the list's Fredoka heading) paints again when its font arrives: asking for the fonts from
 * the page's head saves that round trip on a slow network.
 */
import type { Plugin } from 'vite';

export function preloadFonts(options: { readonly files: readonly RegExp[] }): Plugin {
  return {
    name: 'playspot-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const names = Object.keys(context.bundle ?? {});
        return options.files.flatMap((pattern) => {
          const file = names.find((name) => pattern.test(name));
          return file === undefined
            ? []
            : [
                {
                  tag: 'link',
                  attrs: {
                    rel: 'preload',
                    href: `/${file}`,
                    as: 'font',
                    type: 'font/woff2',
                    crossorigin: '',
                  },
                  injectTo: 'head' as const,
                },
              ];
        });
      },
    },
  };
}
