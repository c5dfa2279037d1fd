/**
 * Lighthouse accessibility in each language asked for (issue 46: 100 on /MapView in Arabic,
 * right to left). Starts the real server on a fresh embedded database (demo data) with the web
 * app as built (`npm run build --workspace @playspot/web` first), and runs Lighthouse's
 * accessibility category in Debian's Chromium on /MapView and on a place's page, each opened at
 * its language's own address (`?lang=ar`), as a first visit. Prints each score and the audits
 * that failed.
 *
 *   node bench/web-accessibility.ts            Arabic
 *   node bench/web-accessibility.ts ar ja en   those languages
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';
import { startServerProcess, type RunningServer } from './lib/server-process.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const languages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ar'];

async function accessibility(url: string, port: number): Promise<{ score: number; failed: string[] }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility'],
    blockedUrlPatterns: ['*tile.openstreetmap.org*'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `${audit.id}: ${audit.title}`);
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'playspot-bench-a11y-'));
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    server = await startServerProcess({
      env: { DATA_DIR: dataDir, NODE_ENV: 'production', TILE_OSM_POLICY_ACCEPTED: 'true' },
      echoStdout: false,
    });
    const near = await fetch(`${server.baseUrl}/api/locations/summaries?lat=-36.8597&lng=174.7752&limit=1`);
    const id = ((await near.json()) as { items: { id: string }[] }).items[0]?.id;
    if (id === undefined) throw new Error('No demo place to measure');
    console.log('| page | language | accessibility | failed audits |');
    console.log('| --- | --- | ---: | --- |');
    for (const language of languages) {
      for (const page of ['/MapView', `/locations/${id}`]) {
        // A fresh profile each time: a first visit, the terms dialog open.
        chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
        });
        const { score, failed } = await accessibility(
          `${server.baseUrl}${page}?lang=${language}`,
          chrome.port,
        );
        chrome.kill();
        chrome = undefined;
        const name = page === '/MapView' ? page : '/locations/:id';
        console.log(`| ${name} | ${language} | ${String(score)} | ${failed.join('; ') || '–'} |`);
      }
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
