/**
 * Fails the build when two chunks import each other, directly or through others. The bundler
 * then picks which one runs first by which one a page happens to load first, and a module can
 * run before the constants it reads from the other chunk exist: with the response schemas in
 * a group of their own, `z.enum(undefined)` crashed a place page for signed-in parents only
 * (issue 28). The manual groups in vite.config.ts are what can make such circles.
 */
import type { Plugin } from 'vite';

interface ChunkImports {
  readonly fileName: string;
  readonly imports: readonly string[];
}

/** Each circle once, as the chunk names in import order (the first repeated at the end). */
export function chunkCircles(chunks: readonly ChunkImports[]): string[][] {
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set<string>();
  const path: string[] = [];
  const circles: string[][] = [];
  const visit = (fileName: string) => {
    const at = path.indexOf(fileName);
    if (at >= 0) {
      circles.push([...path.slice(at), fileName]);
      return;
    }
    if (done.has(fileName)) return;
    path.push(fileName);
    for (const imported of importsOf.get(fileName) ?? []) visit(imported);
    path.pop();
    done.add(fileName);
  };
  for (const chunk of chunks) visit(chunk.fileName);
  return circles;
}

export function noChunkCircles(): Plugin {
  return {
    name: 'playspot-no-chunk-circles',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    generateBundle(_outputOptions, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ fileName: item.fileName, imports: item.imports }] : [],
      );
      const circles = chunkCircles(chunks);
      if (circles.length > 0)
        this.error(
          `Chunks import each other (change the groups in vite.config.ts):\n${circles.map((circle) => circle.join(' → ')).join('\n')}`,
        );
    },
  };
}
