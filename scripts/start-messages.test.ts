/**
 * Start-up tells the truth (issue 45): every document a message of the server or of
 * `npm start` points at exists (b756146 said 'See README "Sign-in"', a section the README
 * does not have), and the web build `npm start` runs prints no warning (b756146's printed
 * Vite's "Some chunks are larger than 700 kB" and, on a busy machine, rolldown's
 * "[PLUGIN_TIMINGS] JavaScript callbacks ran for 16.1s").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './web-build-hash.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The messages' sources: the server (tests aside) and the root's scripts. */
function sources(): string[] {
  return [...filesUnder(join(ROOT, 'apps/server/src')), ...filesUnder(join(ROOT, 'scripts'))].filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
}

describe('start-up messages', () => {
  it('point at documents that exist', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const headings = new Set([...readme.matchAll(/^#+ (.+)$/gmu)].map((match) => match[1]?.trim()));
    const missing: string[] = [];
    let pointers = 0;
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/[Ss]ee (?:(docs\/[\w./-]+\.md)|README "([^"]+)")/gu)) {
        pointers += 1;
        const [, doc, section] = match;
        if (doc !== undefined && !existsSync(join(ROOT, doc))) missing.push(`${file}: ${doc}`);
        if (section !== undefined && !headings.has(section)) missing.push(`${file}: README "${section}"`);
      }
    }
    expect(missing).toEqual([]);
    expect(pointers).toBeGreaterThan(1);
  });

  it('the web build npm start runs prints no warning', { timeout: 240_000 }, () => {
    const outDir = mkdtempSync(join(tmpdir(), 'playspot-web-build-'));
    try {
      // As scripts/start.ts runs it (--logLevel warn), into a folder of its own.
      const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
        cwd: join(ROOT, 'apps/web'),
        encoding: 'utf8',
        // As from a shell: vitest's NODE_ENV=test would make a development build.
        env: { ...process.env, NODE_ENV: 'production' },
      });
      expect(build.status, build.stderr).toBe(0);
      // Vite's "(!) Some chunks are larger…", rolldown's "[PLUGIN_TIMINGS] …" and the like.
      expect(`${build.stdout}\n${build.stderr}`).not.toMatch(/larger than|\(!\)|\[[A-Z_]{4,}\]/u);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
