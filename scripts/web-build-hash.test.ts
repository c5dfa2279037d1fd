import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFrom, recordBuild, webSourceHash } from './web-build-hash.ts';

describe('webSourceHash: npm start rebuilds only when the web sources changed', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'web-build-hash-'));
    write('apps/web/src/main.tsx', 'export {};');
    write('apps/web/index.html', '<html></html>');
    write('packages/core/src/index.ts', 'export const a = 1;');
    write('package-lock.json', '{}');
    write('apps/server/src/main.ts', 'server');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('is the same while nothing the build reads changed, and no build counts as stale', () => {
    const before = webSourceHash(root, {});
    expect(builtFrom(root)).toBeNull();
    mkdirSync(join(root, 'apps/web/dist'), { recursive: true });
    recordBuild(root, before);
    // The build's output, the server's sources and other settings are not its inputs.
    write('apps/web/dist/assets/app.js', 'built');
    write('apps/web/node_modules/x/index.js', 'dependency copy');
    write('apps/server/src/main.ts', 'server changed');
    expect(webSourceHash(root, { PORT: '3001' })).toBe(before);
    expect(builtFrom(root)).toBe(before);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['the core package the web app bundles', 'packages/core/src/index.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a new web file', 'apps/web/src/new.ts'],
  ])('changes with %s', (_what, path) => {
    const before = webSourceHash(root, {});
    write(path, 'changed');
    expect(webSourceHash(root, {})).not.toBe(before);
  });

  it('changes with a VITE_ setting, which the build bakes in', () => {
    expect(webSourceHash(root, { VITE_ENABLE_CRASH_ROUTE: 'true' })).not.toBe(webSourceHash(root, {}));
  });
});
