/**
 * Prints (and enforces) how much JavaScript a route needs before it can render: the entry
 * chunk, the route's lazy chunk, and every chunk they import statically, as the server sends
 * them (brotli, best level, as the build writes the .br files). Issue 16 budgets /MapView at
 * 150 KB; the build fails above it, so a heavy import is caught here.
 */
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';

interface BudgetOptions {
  /** The route module whose lazy chunk counts, e.g. 'src/app/routes/map-view.tsx'. */
  readonly routeModule: string;
  readonly label: string;
  readonly budgetKb: number;
}

interface ChunkInfo {
  readonly fileName: string;
  readonly code: string;
  readonly imports: readonly string[];
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
}

function brotliSize(text: string): number {
  return brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
}

export function initialJsBudget(options: BudgetOptions): Plugin {
  let summary = '';
  return {
    name: 'playspot-initial-js-budget',
    apply: 'build',
    async generateBundle(_outputOptions, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkInfo => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const route = chunks.find((chunk) =>
        chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(options.routeModule),
      );
      if (!entry || !route) {
        this.error(`initial-js-budget: no ${entry ? 'chunk for ' + options.routeModule : 'entry chunk'}`);
      }
      const needed = new Set<string>();
      const visit = (fileName: string) => {
        if (needed.has(fileName)) return;
        needed.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      visit(route.fileName);

      let total = 0;
      for (const fileName of needed) total += brotliSize(byFile.get(fileName)?.code ?? '');
      const kb = total / 1000;
      summary = `${options.label} initial JS: ${kb.toFixed(1)} KB brotli in ${needed.size} file(s) (budget ${options.budgetKb} KB)`;
      if (kb > options.budgetKb) this.error(`${summary}: over budget`);
    },
    // Printed last, under Vite's own size table, where people look.
    closeBundle() {
      if (summary !== '') console.log(`\n${summary}\n`);
    },
  };
}
