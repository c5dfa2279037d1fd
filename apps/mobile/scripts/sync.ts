/**
 * `npm run mobile:sync`: builds the web app for the native shell (apps/web, `--mode native`,
 * into www/) with the server's URL and sign-in ids from app-config.ts, then `cap sync`
 * copies it into the Android and iOS projects and updates their plugin lists.
 *
 * It also writes the Google Sign-In URL scheme for PLAYSPOT_GOOGLE_IOS_CLIENT_ID into the iOS
 * Info.plist (google-url-scheme.ts), or removes it when that is unset.
 *
 * `-- --check` (CI): the sync may change no file under apps/mobile, so the committed native
 * projects always match the config and the installed plugins.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mobileAppConfig } from '../app-config.ts';
import { withGoogleUrlScheme } from './google-url-scheme.ts';

const mobileDir = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(mobileDir, '..', 'web');
const check = process.argv.includes('--check');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${String(result.status)})`);
    process.exit(result.status ?? 1);
  }
}

/** What git sees under apps/mobile: each changed path with a hash of its content. */
function workingState(): string {
  const status = execFileSync('git', ['status', '--porcelain', '--', '.'], {
    cwd: mobileDir,
    encoding: 'utf8',
  });
  const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: mobileDir,
    encoding: 'utf8',
  }).trim();
  return status
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const file = path.join(repoRoot, line.slice(3));
      const hash =
        existsSync(file) && !file.endsWith('/')
          ? createHash('sha256').update(readFileSync(file)).digest('hex')
          : '';
      return `${line} ${hash}`;
    })
    .join('\n');
}

const before = check ? workingState() : '';

console.log(`Building the web app for the native shell (API: ${mobileAppConfig.apiUrl})`);
run(
  'npx',
  [
    'vite',
    'build',
    '--mode',
    'native',
    '--outDir',
    path.join(mobileDir, mobileAppConfig.webDir),
    '--emptyOutDir',
  ],
  webDir,
  {
    ...process.env,
    VITE_API_ORIGIN: mobileAppConfig.apiUrl,
    VITE_GOOGLE_IOS_CLIENT_ID: mobileAppConfig.googleIosClientId ?? '',
    VITE_GOOGLE_WEB_CLIENT_ID: mobileAppConfig.googleWebClientId ?? '',
  },
);

console.log('\nCopying it into the native projects (cap sync)');
run('npx', ['cap', 'sync'], mobileDir);

const infoPlist = path.join(mobileDir, 'ios', 'App', 'App', 'Info.plist');
const plistBefore = readFileSync(infoPlist, 'utf8');
const plistAfter = withGoogleUrlScheme(plistBefore, mobileAppConfig.googleIosClientId);
if (plistAfter !== plistBefore) {
  writeFileSync(infoPlist, plistAfter);
  console.log(
    mobileAppConfig.googleIosClientId
      ? 'Wrote the Google Sign-In URL scheme into ios/App/App/Info.plist'
      : 'Removed the Google Sign-In URL scheme from ios/App/App/Info.plist (no PLAYSPOT_GOOGLE_IOS_CLIENT_ID)',
  );
}

if (check) {
  const after = workingState();
  if (after !== before) {
    console.error(
      `\nThe native projects are out of date with capacitor.config.ts and the installed plugins.\n` +
        `Run \`npm run mobile:sync\` and commit what it changed:\n` +
        execFileSync('git', ['status', '--short', '--', '.'], { cwd: mobileDir, encoding: 'utf8' }),
    );
    process.exit(1);
  }
  console.log('\nThe native projects match the config and plugins.');
}
