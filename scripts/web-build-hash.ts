/**
 * Whether the built web app is current (scripts/start.ts): a SHA-256 over the files the web
 * build reads (the web app's own, the core package it bundles, the lockfile) and the VITE_*
 * settings, kept next to the build in apps/web/dist/.source-hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the web build reads, relative to the repository root. */
const INPUTS = ['apps/web', 'packages/core/src', 'packages/core/package.json', 'package-lock.json'];
/** Folders under the inputs that are outputs or caches, not sources. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', '.vite', 'coverage', 'test-results']);

export const WEB_DIST = 'apps/web/dist';
const HASH_FILE = `${WEB_DIST}/.source-hash`;

/** Every file under `path` (itself when it is a file), in a stable order, skipping SKIPPED. */
export function filesUnder(path: string): string[] {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return [];
  if (stats.isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** The fingerprint of everything the web build depends on. */
export function webSourceHash(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const viteSettings = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return hash.update(JSON.stringify(viteSettings)).digest('hex');
}

/** The fingerprint the current build was made from; null when there is no build (or no record). */
export function builtFrom(root: string): string | null {
  const file = join(root, HASH_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Records what the build just made was made from. */
export function recordBuild(root: string, hash: string): void {
  writeFileSync(join(root, HASH_FILE), `${hash}\n`);
}
