/** The results as a Markdown table, with the machine it ran on and the targets. */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { megabytes, type Measurement } from './stats.ts';

export interface Comparison {
  endpoint: string;
  api: Measurement & { bytesPerResponse: number };
  sql: Measurement;
  /** What the rows mean, printed under the table. */
  note: string;
}

export interface Targets {
  /** API throughput ÷ the raw SQL's (3: the API answers three times as many). */
  minRatio: number;
  maxP99Ms: number;
}

/** The API's server processes: their map indexes and their memory. */
export interface ServerFigures {
  /** Server processes sharing the port (SERVER_PROCESSES), each with its own index. */
  processes: number;
  /** What loaded the API: wrk (C, two threads, like pgbench) or autocannon (Node). */
  loader: 'wrk' | 'autocannon';
  /** How long the map index took to build (GET /api/health `buildMs`). */
  indexBuildMs: number | null;
  /** Places in the index once ready. */
  indexPlaces: number;
  /** Resident memory (VmRSS) once the index was ready, and after the load; null off Linux. */
  rssAfterBuildBytes: number | null;
  rssAfterLoadBytes: number | null;
  /** One process's RSS growth during its index build (the process that took longest). */
  indexRssDeltaBytes: number | null;
}

export interface RunInfo {
  locations: number;
  connections: number;
  seconds: number;
  postgresVersion: string;
  postgisVersion: string;
  pgbenchVersion: string;
  /** The code measured: commit, and whether the working tree differed from it. */
  revision: string;
  /** Share of the machine busy with other work just before the runs; null off Linux. */
  backgroundLoad: number | null;
  server: ServerFigures;
  date: Date;
}

const perSecond = (value: number) => value.toFixed(0);
const ms = (value: number) => value.toFixed(1);
const percent = (value: number) => `${(value * 100).toFixed(0)} %`;
const times = (value: number) => `${value.toFixed(2)}×`;

interface Verdict {
  /** Short, for the table. */
  cell: string;
  /** In words, for the line under it. */
  line: string;
}

/** Whether a row meets both targets, and by how much it misses when it does not. */
function verdict({ endpoint, api, sql }: Comparison, targets: Targets): Verdict {
  const ratio = api.perSecond / sql.perSecond;
  const ratioMet = ratio >= targets.minRatio;
  const p99Met = api.p99Ms <= targets.maxP99Ms;
  const ratioLine = ratioMet
    ? `throughput met (${times(ratio)} the SQL)`
    : `throughput missed: ${times(ratio)} the SQL, ${times(targets.minRatio - ratio)} short ` +
      `(${perSecond(targets.minRatio * sql.perSecond - api.perSecond)} req/s more needed)`;
  const p99Line = p99Met
    ? `p99 met (${ms(api.p99Ms)} ms)`
    : `p99 missed: ${ms(api.p99Ms)} ms, ${ms(api.p99Ms - targets.maxP99Ms)} ms over`;
  const misses = [
    ...(ratioMet ? [] : [`${times(targets.minRatio - ratio)} short`]),
    ...(p99Met ? [] : [`p99 +${ms(api.p99Ms - targets.maxP99Ms)} ms`]),
  ];
  return {
    cell: misses.length === 0 ? 'met' : `missed: ${misses.join(', ')}`,
    line: `- ${endpoint}: ${ratioLine}; ${p99Line}.`,
  };
}

/** The index build and the server's memory, under the table. */
function serverLines({ server }: RunInfo): string[] {
  const build =
    server.indexBuildMs === null
      ? '- Map index: no build time reported.'
      : `- Map index: built in ${(server.indexBuildMs / 1000).toFixed(1)} s ` +
        `(${server.indexPlaces.toLocaleString('en')} places) at the server's start, before the runs` +
        (server.processes > 1
          ? ` (the slowest of ${String(server.processes)} processes building at once).`
          : '.');
  return [
    `- Server: ${String(server.processes)} process${server.processes > 1 ? 'es' : ''} on one port ` +
      `(SERVER_PROCESSES), as the SQL side has PostgreSQL on every core. The API is loaded by ` +
      (server.loader === 'wrk'
        ? 'wrk (C, 2 threads), as the SQL by pgbench (C, 2 threads), from the same machine.'
        : 'autocannon (Node, 1 thread), the SQL by pgbench (C, 2 threads), from the same machine.'),
    build,
    ...(server.indexRssDeltaBytes === null || server.indexPlaces === 0
      ? []
      : [
          `- Map index memory: the process's RSS grew by ${megabytes(server.indexRssDeltaBytes)} during the build, ` +
            `${(server.indexRssDeltaBytes / server.indexPlaces).toFixed(0)} bytes per place (target ≤ 500).`,
        ]),
    `- Server memory (RSS, all processes): ${megabytes(server.rssAfterBuildBytes)} once the index was ready, ` +
      `${megabytes(server.rssAfterLoadBytes)} after the load.`,
  ];
}

/** Where the CPU went: a run that leaves cores idle is waiting on something, not computing. */
function cpuLine({ endpoint, api, sql }: Comparison): string | null {
  if (!api.cpu || !sql.cpu) return null;
  const perItem = (seconds: number, count: number) => `${((seconds * 1000) / count).toFixed(2)} ms`;
  const server =
    api.cpu.processSeconds === null
      ? ''
      : `, of which the server's processes ${perItem(api.cpu.processSeconds, api.count)}`;
  return (
    `- ${endpoint} CPU: API run ${percent(api.cpu.machineBusy)} of the machine busy, ` +
    `${perItem(api.cpu.machineSeconds, api.count)} per request${server}; ` +
    `SQL run ${percent(sql.cpu.machineBusy)} busy, ${perItem(sql.cpu.machineSeconds, sql.count)} per transaction ` +
    `(PostgreSQL + pgbench).`
  );
}

export function markdownReport(comparisons: Comparison[], info: RunInfo, targets: Targets): string {
  const cpus = os.cpus();
  const lines = [
    `# API vs SQL: radius and viewport (${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `${info.locations.toLocaleString('en')} locations, ${info.connections} connections, ${info.seconds} s per run; code at ${info.revision}.`,
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `${os.type()} ${os.release()}; Node ${process.version}; ${info.postgresVersion}; PostGIS ${info.postgisVersion}; ${info.pgbenchVersion}.` +
      (info.backgroundLoad === null
        ? ''
        : ` Busy with other work before the runs: ${percent(info.backgroundLoad)}.`),
    '',
    '| endpoint | API req/s | API p50 | API p99 | SQL tps | SQL p50 | SQL p99 | API ÷ SQL | targets |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...comparisons.map(
      (comparison) =>
        `| ${comparison.endpoint} | ${perSecond(comparison.api.perSecond)} | ${ms(comparison.api.p50Ms)} ms | ` +
        `${ms(comparison.api.p99Ms)} ms | ${perSecond(comparison.sql.perSecond)} | ${ms(comparison.sql.p50Ms)} ms | ` +
        `${ms(comparison.sql.p99Ms)} ms | ${times(comparison.api.perSecond / comparison.sql.perSecond)} | ` +
        `${verdict(comparison, targets).cell} |`,
    ),
    '',
    ...serverLines(info),
    '',
    `Targets (issue 20): API ≥ ${times(targets.minRatio)} the SQL throughput, API p99 ≤ ${targets.maxP99Ms} ms.`,
    '',
    ...comparisons.map((comparison) => verdict(comparison, targets).line),
    '',
    ...comparisons.map(
      ({ endpoint, api, sql, note }) =>
        `- ${endpoint}: ${note} API responses average ${(api.bytesPerResponse / 1024).toFixed(1)} KiB; ` +
        `${api.count.toLocaleString('en')} requests and ${sql.count.toLocaleString('en')} SQL transactions measured.`,
    ),
    ...comparisons.map(cpuLine).filter((line) => line !== null),
    '',
  ];
  return lines.join('\n');
}

/**
 * Prints a markdown report and saves it in `directory` as `file`, formatted as the
 * repository's Prettier settings want it (aligned table columns), so `npm run format:check`
 * stays green after a run.
 */
export async function saveReport(report: string, directory: string, file: string): Promise<void> {
  const reportFile = path.join(directory, file);
  const formatted = await prettier.format(report, {
    ...(await prettier.resolveConfig(reportFile)),
    filepath: reportFile,
  });
  console.log(`\n${formatted}`);
  await mkdir(directory, { recursive: true });
  await writeFile(reportFile, formatted);
}
