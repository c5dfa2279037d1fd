/**
 * The CONTEXT.md files stay true: every core module, every web feature folder and every server
 * feature folder is listed in its package's CONTEXT.md, and nothing listed there is gone.
 * A new module or feature fails here until its line is written.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function read(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

function folders(path: string): string[] {
  return readdirSync(join(root, path))
    .filter((name) => statSync(join(root, path, name)).isDirectory())
    .sort();
}

/** Source files directly in a folder, tests and declaration files left out. */
function modules(path: string): string[] {
  return readdirSync(join(root, path))
    .filter((name) => /\.tsx?$/u.test(name) && !/\.(test|d)\.tsx?$/u.test(name))
    .sort();
}

/** The names a Markdown table lists in backticks in its first column, e.g. `votes.ts`, `tag-votes.ts`. */
function firstColumnNames(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/gu)].map((match) => match[1] ?? ''),
    );
}

/** The folders a layout tree lists at one indentation below `features/<f>/`, e.g. `    auth/   …`. */
function treeFolders(markdown: string, indent: number): string[] {
  const line = new RegExp(`^ {${indent}}([a-z0-9-]+)/(?:\\s|$)`, 'u');
  return markdown
    .split('\n')
    .map((text) => line.exec(text)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe('packages/core/CONTEXT.md', () => {
  const listed = firstColumnNames(read('packages/core/CONTEXT.md'));
  const files = modules('packages/core/src');
  const subfolders = folders('packages/core/src');

  it('lists every module of src/ and every folder of modules', () => {
    const missingFiles = files.filter((file) => !listed.includes(file));
    const missingFolders = subfolders.filter(
      (folder) => !listed.some((name) => name.startsWith(`${folder}/`)),
    );
    expect(
      [...missingFiles, ...missingFolders.map((folder) => `${folder}/`)],
      'modules of packages/core/src missing from the table in packages/core/CONTEXT.md',
    ).toEqual([]);
  });

  it('lists no module that is gone', () => {
    const gone = listed.filter(
      (name) => name.endsWith('.ts') && !name.includes('/') && !files.includes(name),
    );
    expect(gone, 'packages/core/CONTEXT.md lists modules that packages/core/src no longer has').toEqual([]);
  });
});

describe('apps/web/CONTEXT.md', () => {
  const listed = treeFolders(read('apps/web/CONTEXT.md'), 4);
  const features = folders('apps/web/src/features');

  it('lists every feature folder under features/<f>/', () => {
    const missing = features.filter((feature) => !listed.includes(feature));
    expect(missing, 'feature folders of apps/web/src/features missing from apps/web/CONTEXT.md').toEqual([]);
  });

  it('lists no feature folder that is gone', () => {
    // The same indentation also lists components/' folders (photo-review/, ui/).
    const components = folders('apps/web/src/components');
    const gone = listed.filter((name) => !features.includes(name) && !components.includes(name));
    expect(gone, 'apps/web/CONTEXT.md lists folders that apps/web/src no longer has').toEqual([]);
  });
});

describe('apps/server/CONTEXT.md', () => {
  const listed = firstColumnNames(read('apps/server/CONTEXT.md'))
    .filter((name) => /^[a-z0-9-]+\/$/u.test(name))
    .map((name) => name.slice(0, -1));
  const features = folders('apps/server/src/features');

  it('lists every feature folder in its Features table', () => {
    const missing = features.filter((feature) => !listed.includes(feature));
    expect(
      missing,
      'feature folders of apps/server/src/features missing from apps/server/CONTEXT.md',
    ).toEqual([]);
  });

  it('lists no feature folder that is gone', () => {
    const gone = listed.filter((name) => !features.includes(name));
    expect(gone, 'apps/server/CONTEXT.md lists feature folders that apps/server/src no longer has').toEqual(
      [],
    );
  });
});
