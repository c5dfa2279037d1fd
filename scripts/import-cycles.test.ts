/**
 * Every import points down: no import circle in apps/ and packages/, type-only imports
 * included. eslint's import-x/no-cycle skips `import type` (it has no option to count it), so
 * a circle closed only by a type import passes lint; this check builds the whole graph with
 * the TypeScript compiler's own import scanner (static imports, `import type`, `export … from`,
 * `import('…')`) and fails listing each circle it finds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the check looks: every workspace's source, tests included (a test is a module too). */
const SCANNED = ['apps', 'packages'];
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'coverage',
  'migrations',
  'android',
  'ios',
  'www',
]);

/**
 * Circles still in the server while another change removes them (issue 31). Each entry is the
 * full set of files in one circle, from the repository root. TEMPORARY: once the server's
 * circles are gone this check fails with "no longer a circle", and the entry must be deleted;
 * the list should end empty.
 */
const ALLOWED_CIRCLES: readonly (readonly string[])[] = [];

/**
 * The same for feature folders (apps/<app>/src/features/<f>): two features importing each
 * other, through whichever files, are a circle too. TEMPORARY, as above.
 */
const ALLOWED_FEATURE_CIRCLES: readonly (readonly string[])[] = [];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : sourceFiles(path);
    return /\.(c|m)?tsx?$/u.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or null (a package, an asset, a JSON file). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/[?#].*$/u, '');
  const target = resolve(dirname(from), bare);
  const candidates = [target, ...EXTENSIONS.map((extension) => target + extension)];
  // `./x.js` written for a `./x.ts` file (NodeNext style).
  if (/\.(c|m)?js$/u.test(target))
    candidates.push(target.replace(/js$/u, 'ts'), target.replace(/js$/u, 'tsx'));
  return (
    candidates.find(
      (candidate) =>
        /\.(c|m)?tsx?$/u.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
    ) ?? null
  );
}

/** Each source file and the source files it imports, type-only and dynamic imports included. */
function importGraph(): Map<string, Set<string>> {
  const files = SCANNED.flatMap((folder) => sourceFiles(join(root, folder)));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (target !== null) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The feature folder a file is in (apps/<app>/src/features/<f>, as a path), or null. */
function featureOf(file: string): string | null {
  const folder = /^apps\/[^/]+\/src\/features\/[^/]+(?=\/)/u.exec(name(file))?.[0];
  return folder === undefined ? null : join(root, folder);
}

/**
 * Which feature folder imports which, from the files' imports (a feature's own imports left
 * out). Tests and test helpers are left out too: nothing the app runs imports them, so a test
 * that drives two features (an importer test reading facts) links no features.
 */
function featureGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const features = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (from === null || /\.test\.tsx?$|\/test\//u.test(name(file))) continue;
    const imported = features.get(from) ?? new Set<string>();
    features.set(from, imported);
    for (const target of targets) {
      const to = featureOf(target);
      if (to !== null && to !== from) imported.add(to);
    }
  }
  return features;
}

/** Tarjan's strongly connected components: each with more than one file (or importing itself) is a circle. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One way round a circle, for the message: a → b → … → a (shortest, found breadth first). */
function oneWayRound(graph: Map<string, Set<string>>, members: readonly string[]): string[] {
  const inside = new Set(members);
  const start = members[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const target of graph.get(file) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

const name = (file: string): string => relative(root, file).split('\\').join('/');
const keyOf = (members: readonly string[]): string => [...members].sort().join(' | ');

/** Each circle not allowed, as one way round it (and the other files it holds). */
function describeCircles(
  graph: Map<string, Set<string>>,
  found: readonly string[][],
  allowed: ReadonlySet<string>,
): string[] {
  return found
    .filter((members) => !allowed.has(keyOf(members.map(name))))
    .map((members) => {
      const way = oneWayRound(graph, members);
      const others = members.filter((member) => !way.includes(member));
      const also = others.length === 0 ? '' : ` (the same circle also holds ${others.map(name).join(', ')})`;
      return way.map(name).join(' → ') + also;
    });
}

describe('import circles', () => {
  const graph = importGraph();
  const found = circles(graph);
  const allowed = new Set(ALLOWED_CIRCLES.map(keyOf));
  const features = featureGraph(graph);
  const foundBetweenFeatures = circles(features);
  const allowedBetweenFeatures = new Set(ALLOWED_FEATURE_CIRCLES.map(keyOf));

  it('scans the workspaces', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(features.size).toBeGreaterThan(20);
  });

  it('finds a circle closed only by a type import', () => {
    const a = join(root, 'apps/x/a.ts');
    const b = join(root, 'apps/x/b.ts');
    const c = join(root, 'apps/x/c.ts');
    const fake = new Map([
      [a, new Set([b])],
      [b, new Set([a])],
      [c, new Set([a])],
    ]);
    expect(circles(fake).map((members) => members.map(name))).toEqual([['apps/x/a.ts', 'apps/x/b.ts']]);
    expect(oneWayRound(fake, [a, b]).map(name)).toEqual(['apps/x/a.ts', 'apps/x/b.ts', 'apps/x/a.ts']);
    expect(
      ts
        .preProcessFile("import type { A } from './a.ts';\nexport type { B } from './b.ts';", true, true)
        .importedFiles.map((file) => file.fileName),
    ).toEqual(['./a.ts', './b.ts']);
  });

  it('has no import circle, type-only imports included', () => {
    expect(
      describeCircles(graph, found, allowed),
      'Import circles (make one side import a lower module instead)',
    ).toEqual([]);
  });

  it('has no two features importing each other', () => {
    expect(
      describeCircles(features, foundBetweenFeatures, allowedBetweenFeatures),
      'Features in a circle (move what both need below them, or have the app inject it)',
    ).toEqual([]);
  });

  it('allows only circles that still exist (empty the allow-list as they go)', () => {
    const present = new Set([...found, ...foundBetweenFeatures].map((members) => keyOf(members.map(name))));
    const gone = [...allowed, ...allowedBetweenFeatures].filter((key) => !present.has(key));
    expect(gone, 'No longer a circle: delete it from ALLOWED_CIRCLES or ALLOWED_FEATURE_CIRCLES').toEqual([]);
  });
});
