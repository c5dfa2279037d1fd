/** The results as a Markdown table, with the machine it ran on and the targets. */
import os from 'node:os';
import type { Measurement } from './stats.ts';

export interface Comparison {
  endpoint: string;
  api: Measurement & { bytesPerResponse: number };
  sql: Measurement;
  /** The API paced at a share of its peak (RunInfo.pacedShare), same connections. */
  paced: Measurement & { offeredPerSecond: number };
  /** What the rows mean, printed under the table. */
  note: string;
}

export interface Targets {
  /** API throughput as a share of the raw SQL's. */
  minRatio: number;
  maxP99Ms: number;
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
  date: Date;
  /** Share of the API's peak throughput offered in the paced runs. */
  pacedShare: number;
}

const perSecond = (value: number) => value.toFixed(0);
const ms = (value: number) => value.toFixed(1);
const percent = (value: number) => `${(value * 100).toFixed(0)} %`;

/** Where the CPU went: a run that leaves cores idle is waiting on something, not computing. */
function cpuLine({ endpoint, api, sql }: Comparison): string | null {
  if (!api.cpu || !sql.cpu) return null;
  const perItem = (seconds: number, count: number) => `${((seconds * 1000) / count).toFixed(2)} ms`;
  const server =
    api.cpu.processSeconds === null
      ? ''
      : `, of which the server process ${perItem(api.cpu.processSeconds, api.count)}`;
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
    '| endpoint | API req/s | API p50 | API p99 | SQL tps | SQL p50 | SQL p99 | API/SQL |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...comparisons.map(
      ({ endpoint, api, sql }) =>
        `| ${endpoint} | ${perSecond(api.perSecond)} | ${ms(api.p50Ms)} ms | ${ms(api.p99Ms)} ms | ` +
        `${perSecond(sql.perSecond)} | ${ms(sql.p50Ms)} ms | ${ms(sql.p99Ms)} ms | ${percent(api.perSecond / sql.perSecond)} |`,
    ),
    '',
    `The API paced at ${percent(info.pacedShare)} of its peak, ${info.connections} connections:`,
    '',
    '| endpoint | offered req/s | served req/s | API p50 | API p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...comparisons.map(
      ({ endpoint, paced }) =>
        `| ${endpoint} | ${perSecond(paced.offeredPerSecond)} | ${perSecond(paced.perSecond)} | ` +
        `${ms(paced.p50Ms)} ms | ${ms(paced.p99Ms)} ms |`,
    ),
    '',
    `Targets: API ≥ ${percent(targets.minRatio)} of the SQL throughput, API p99 ≤ ${targets.maxP99Ms} ms.`,
    '',
    ...comparisons.map(({ endpoint, api, sql, paced }) => {
      const ratio = api.perSecond / sql.perSecond;
      const ratioVerdict =
        ratio >= targets.minRatio
          ? `throughput met (${percent(ratio)})`
          : `throughput missed: ${percent(ratio)}, ${((targets.minRatio - ratio) * 100).toFixed(0)} points short`;
      const p99Verdict = (p99: number) =>
        p99 <= targets.maxP99Ms
          ? `met (${ms(p99)} ms)`
          : `missed: ${ms(p99)} ms, ${ms(p99 - targets.maxP99Ms)} ms over`;
      return (
        `- ${endpoint}: ${ratioVerdict}; p99 at peak ${p99Verdict(api.p99Ms)}; ` +
        `p99 paced ${p99Verdict(paced.p99Ms)}; the SQL's own p99 at peak: ${ms(sql.p99Ms)} ms.`
      );
    }),
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
