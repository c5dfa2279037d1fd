/**
 * Where a first visit's main-thread time goes (issue 42), in a form a shared machine cannot
 * blur: builds the web app with source maps, starts the real server on a fresh embedded
 * database, opens /MapView or a place's page in Debian's Chromium (phone-sized, tiles
 * blocked) with a sampling profile, and prints
 *
 * - the long tasks by **thread time** × 4 (the CPU the main thread itself used, as
 *   Lighthouse's 4× slower phone would take it): what another process takes from the thread on
 *   a busy machine is left out, unlike Lighthouse's wall-clock figures;
 * - for each task over a threshold of wall time, what it did (style, layout, script, timers)
 *   and the source files that ran in it, mapped through the build's source maps.
 *
 *   npm run bench:web-trace -- map           /MapView, a first visit
 *   npm run bench:web-trace -- place         a place's page, a first visit
 *   npm run bench:web-trace -- place repeat  the same with the service worker in charge
 *   npm run bench:web-trace -- open-place    /MapView loaded, then a tap on the list's first place
 *                                            until its card shows (bench:web's "open a place")
 *   BENCH_TRACE_CPU=4 …                      Chromium's own CPU slowdown for the visit (wall times)
 *   BENCH_TRACE_TASK_MS=12 …                 the wall time above which a task is described
 *   --reuse-build                            apps/web/dist as built (with its .map files)
 *   BENCH_SMOKE=1 …                          CI's smoke run: the build as it is, no figure meant
 *
 * The figures are for comparing two builds on one machine (see docs/web-performance.md);
 * `npm run bench:web` keeps the targets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';
import { startServerProcess, waitUntilServerIdle } from './lib/server-process.ts';

/** A trace event, as much of it as is read here. */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** Thread time: the CPU the thread used, where wall time (`dur`) also counts waiting. */
  readonly tdur?: number;
  readonly args?: { readonly beginData?: { readonly url?: string }; readonly data?: unknown };
}

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Lighthouse's mobile preset takes the CPU as four times slower. */
const SLOWDOWN = 4;
/** A task longer than this (at the preset's slowdown) blocks input: Total Blocking Time's line. */
const LONG_TASK_MS = 50;
const SETTLE_MS = 6000;
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const assets = path.join(repositoryRoot, 'apps/web/dist/assets');
const page = process.argv[2] === 'place' ? 'place' : process.argv[2] === 'open-place' ? 'open-place' : 'map';
const repeat = process.argv.includes('repeat');
const browserSlowdown = Number(process.env.BENCH_TRACE_CPU ?? 1);
const describeAboveMs = Number(process.env.BENCH_TRACE_TASK_MS ?? 12 * browserSlowdown);

function buildWithSourceMaps(): void {
  // CI's smoke run (after the browser tests built the app) proves the tool runs, without maps.
  const reuse = process.argv.includes('--reuse-build') || process.env.BENCH_SMOKE === '1';
  if (reuse && existsSync(path.join(assets, '..', 'index.html'))) return;
  console.log('[trace] building the web app with source maps');
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--logLevel', 'warn'], {
    cwd: path.join(repositoryRoot, 'apps/web'),
    stdio: 'inherit',
  });
}

/** Maps a profile's frame to its source file and line through the chunk's source map. */
function sourceMapper(): (frame: CallFrame) => Promise<string> {
  const maps = new Map<string, SourceMapConsumer | null>();
  return async (frame) => {
    const chunk = frame.url.split('/assets/')[1];
    if (chunk === undefined) return frame.url === '' ? '(the browser)' : (frame.url.split('/').pop() ?? '');
    if (!maps.has(chunk)) {
      const mapFile = path.join(assets, `${chunk}.map`);
      maps.set(
        chunk,
        existsSync(mapFile)
          ? new SourceMapConsumer(JSON.parse(await readFile(mapFile, 'utf8')) as RawSourceMap)
          : null,
      );
    }
    const position = maps.get(chunk)?.originalPositionFor({
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    });
    return (position?.source ?? chunk)
      .replace(/.*node_modules\//u, '')
      .replace(/^(?:\.\.\/)+src\//u, 'web/')
      .replace(/.*apps\/web\/src\//u, 'web/')
      .replace(/.*packages\/core\/src\//u, 'core/');
  };
}

/**
 * Per task window, the milliseconds each source file was on the stack (inclusive), and each
 * function's own time (`own`: the sampled frame itself, as "name file:line").
 */
async function filesOnStack(
  profile: Profile,
  windows: readonly { start: number; end: number }[],
  own: Map<string, number>[] = [],
): Promise<Map<string, number>[]> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const mapped = sourceMapper();
  const results = windows.map(() => new Map<string, number>());
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index] ?? 0;
    const window = windows.findIndex((candidate) => time >= candidate.start && time <= candidate.end);
    if (window < 0) continue;
    const result = results[window];
    const sampleMs = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const leaf = nodes.get(profile.samples[index] ?? -1)?.callFrame;
    if (leaf) {
      const where = leaf.url ? `${await mapped(leaf)}:${String(leaf.lineNumber + 1)}` : '';
      const name = `${leaf.functionName || '(anonymous)'} ${where}`.trim();
      const ownTimes = (own[window] ??= new Map());
      ownTimes.set(name, (ownTimes.get(name) ?? 0) + sampleMs);
    }
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[index]; id !== undefined; id = parents.get(id)) {
      const node = nodes.get(id);
      if (!node?.callFrame.url) continue;
      const file = await mapped(node.callFrame);
      if (seen.has(file)) continue;
      seen.add(file);
      result?.set(file, (result.get(file) ?? 0) + sampleMs);
    }
  }
  return results;
}

async function recordTrace(cdp: CDPSession, visit: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    // The protocol types each event as a loose object; the fields read here are checked below.
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel',
    transferMode: 'ReportEvents',
  });
  await visit();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

buildWithSourceMaps();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'playspot-trace-'));
const server = await startServerProcess({
  env: { DATA_DIR: dataDir, NODE_ENV: 'production', TILE_OSM_POLICY_ACCEPTED: 'true' },
  echoStdout: false,
});
if (process.env.BENCH_SMOKE !== '1') await waitUntilServerIdle(server.pid);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_FLAGS] });
try {
  let url = `${server.baseUrl}/MapView`;
  if (page === 'place') {
    const answer = await fetch(`${server.baseUrl}/api/locations/summaries?lat=-36.8597&lng=174.7752&limit=1`);
    const id = ((await answer.json()) as { items: { id: string }[] }).items[0]?.id;
    if (id === undefined) throw new Error('No demo place to trace');
    url = `${server.baseUrl}/locations/${id}`;
  }
  // Lighthouse's mobile screen.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  await context.route(/tile\.openstreetmap\.org/u, (route) => route.abort());
  if (page === 'open-place')
    await context.addInitScript(() => {
      localStorage.setItem('hasAcceptedToS_v1', 'true');
      localStorage.setItem('locationPermissionDenied', 'true');
    });
  const tab = await context.newPage();
  const list = tab.getByRole('list', { name: 'Play spots, nearest first' });
  if (page === 'open-place') {
    await tab.goto(url);
    await list.getByRole('button').first().waitFor();
    await tab.waitForLoadState('networkidle');
  }
  if (repeat) {
    await tab.goto(url);
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await tab.goto('about:blank');
  }
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: browserSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const events = await recordTrace(cdp, async () => {
    if (page === 'open-place') {
      await list.getByRole('button').first().click();
      await tab.getByRole('link', { name: 'See details' }).waitFor();
      await tab.waitForTimeout(SETTLE_MS / 4);
      return;
    }
    await tab.goto(url);
    await tab.waitForTimeout(SETTLE_MS);
  });
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };

  // The page's main thread: the one that parsed its document, or took the tap.
  const parsed = events.find((event) =>
    page === 'open-place'
      ? event.name === 'EventDispatch' &&
        (event.args?.data as { type?: string } | undefined)?.type === 'click'
      : event.name === 'ParseHTML' && (event.args?.beginData?.url ?? '').startsWith(server.baseUrl),
  );
  if (!parsed) throw new Error(`The trace holds no ${page === 'open-place' ? 'tap' : 'parse of the page'}`);
  const onMain = (event: TraceEvent) => event.pid === parsed.pid && event.tid === parsed.tid;
  // From the task that holds the parse (or the tap) on.
  const tasks = events.filter(
    (event) => onMain(event) && event.name === 'RunTask' && event.ts + (event.dur ?? 0) >= parsed.ts,
  );
  const start = tasks[0]?.ts ?? parsed.ts;
  const at = (event: TraceEvent) => ((event.ts - start) / 1000).toFixed(0);

  const byThreadTime = tasks
    .map((task) => ({ task, ms: (((task.tdur ?? task.dur ?? 0) / 1000) * SLOWDOWN) / browserSlowdown }))
    .filter(({ ms }) => ms > LONG_TASK_MS);
  const blocking = byThreadTime.reduce((sum, { ms }) => sum + ms - LONG_TASK_MS, 0);
  console.log(
    page === 'open-place'
      ? 'A place opened from the list on /MapView (from the task that took the tap)'
      : `${page === 'place' ? "A place's page" : '/MapView'}, ${repeat ? 'a repeat' : 'a first'} visit`,
  );
  console.log(
    `Long tasks by thread time × ${String(SLOWDOWN)}: ${String(byThreadTime.length)}, blocking ${blocking.toFixed(0)} ms` +
      ` (${byThreadTime.map(({ task, ms }) => `${at(task)} ms: ${ms.toFixed(0)}`).join(', ')})`,
  );

  const described = tasks.filter((task) => (task.dur ?? 0) / 1000 > describeAboveMs);
  const windows = described.map((task) => ({ start: task.ts, end: task.ts + (task.dur ?? 0) }));
  const ownTimes: Map<string, number>[] = [];
  const files = await filesOnStack(profile, windows, ownTimes);
  const KINDS = new Set([
    'ParseHTML',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'MinorGC',
    'MajorGC',
  ]);
  described.forEach((task, index) => {
    const end = task.ts + (task.dur ?? 0);
    const kinds = new Map<string, number>();
    for (const event of events)
      if (onMain(event) && KINDS.has(event.name) && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
        kinds.set(event.name, (kinds.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    const wall = ((task.dur ?? 0) / 1000).toFixed(1);
    const thread = ((task.tdur ?? 0) / 1000).toFixed(1);
    console.log(`\n${at(task)} ms: ${wall} ms wall, ${thread} ms thread`);
    console.log(`  ${[...kinds].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`);
    const top = [...(files[index] ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 10);
    if (top.length > 0) console.log(`  ${top.map(([file, ms]) => `${file} ${ms.toFixed(1)}`).join(' | ')}`);
    const ownTop = [...(ownTimes[index] ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 8);
    if (ownTop.length > 0)
      console.log(`  own: ${ownTop.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(' | ')}`);
  });
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
