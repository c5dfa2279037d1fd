/**
 * `npm start`: builds the web app only when its sources changed since the last build
 * (scripts/web-build-hash.ts), printing warnings and one summary line rather than every
 * file's size, then starts the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { builtFrom, filesUnder, recordBuild, WEB_DIST, webSourceHash } from './web-build-hash.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const say = (message: string) => {
  console.log(`[playspot] ${message}`);
};

const hash = webSourceHash(ROOT, process.env);
if (builtFrom(ROOT) === hash) {
  say(`Web app unchanged since its last build (${hash.slice(0, 12)}): not rebuilt.`);
} else {
  say('Building the web app (its sources changed since the last build)…');
  const started = performance.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild(ROOT, hash);
  const files = filesUnder(join(ROOT, WEB_DIST));
  const bytes = files.reduce((total, file) => total + statSync(file).size, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(
    `Web app built in ${seconds} s: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${WEB_DIST}.`,
  );
}

const server = spawn('npm', ['start', '--silent', '--workspace', '@playspot/server'], {
  cwd: ROOT,
  stdio: 'inherit',
});
// Ctrl-C and a stop reach the server, which closes cleanly; this process ends with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
