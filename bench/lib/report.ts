/** The results as a Markdown table, with the machine it ran on and the targets. */
import os from 'node:os';
import type { Measurement } from './stats.ts';

export interface Comparison {
  endpoint: string;
  api: Measurement & { bytesPerResponse: number };
  sql: Measurement;
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
    `Targets: API ≥ ${percent(targets.minRatio)} of the SQL throughput, API p99 ≤ ${targets.maxP99Ms} ms.`,
    '',
    ...comparisons.map(({ endpoint, api, sql }) => {
      const ratio = api.perSecond / sql.perSecond;
      const ratioVerdict =
        ratio >= targets.minRatio
          ? `throughput met (${percent(ratio)})`
          : `throughput missed: ${percent(ratio)}, ${((targets.minRatio - ratio) * 100).toFixed(0)} points short`;
      const p99Verdict =
        api.p99Ms <= targets.maxP99Ms
          ? `p99 met (${ms(api.p99Ms)} ms)`
          : `p99 missed: ${ms(api.p99Ms)} ms, ${ms(api.p99Ms - targets.maxP99Ms)} ms over`;
      return `- ${endpoint}: ${ratioVerdict}; ${p99Verdict}.`;
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
