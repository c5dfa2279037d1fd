/**
 * Import progress for people: on a terminal a bar redrawn in place (count, rate, ETA); in a
 * log (CI, a pipe) a plain line every few seconds. Problems are listed up to a limit.
 */
import type { ImportCounts, ImportSummary, RecordProblem } from './importer.ts';

const REDRAW_MS = 100;
const LOG_EVERY_MS = 5000;
const BAR_WIDTH = 24;
/** Bad records listed one by one; beyond this only counted. */
const MAX_LISTED_PROBLEMS = 50;

export interface ProgressOutput {
  isTTY?: boolean | undefined;
  write(text: string): unknown;
}

const number = new Intl.NumberFormat('en-GB');

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface ProgressReporter {
  progress(counts: ImportCounts): void;
  problem(problem: RecordProblem): void;
  finish(summary: ImportSummary, dryRun: boolean): void;
}

/**
 * `fraction` tells how far the input is read (bytes read / file size), for the ETA; it may
 * return null when unknown.
 */
export function createProgressReporter(
  out: ProgressOutput,
  fraction: () => number | null,
  clock: () => number = () => performance.now(),
): ProgressReporter {
  const startedAt = clock();
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let barShown = false;
  let listed = 0;
  const skippedByReason = new Map<string, number>();

  const line = (counts: ImportCounts): string => {
    const elapsed = clock() - startedAt;
    const rate = elapsed > 0 ? (counts.read * 1000) / elapsed : 0;
    const done = fraction();
    const eta =
      done !== null && done > 0 && done < 1 ? ` · ETA ${duration((elapsed * (1 - done)) / done)}` : '';
    const percent = done === null ? '' : ` ${String(Math.floor(done * 100)).padStart(3)}%`;
    return `${number.format(counts.read)} records${percent} · ${number.format(Math.round(rate))}/s${eta} · ${duration(elapsed)} elapsed`;
  };

  const clearBar = () => {
    if (barShown) out.write('\r\u001b[2K');
    barShown = false;
  };

  return {
    progress(counts) {
      const at = clock();
      if (out.isTTY) {
        if (at - lastDrawn < REDRAW_MS) return;
        const done = fraction() ?? 0;
        const filled = Math.round(Math.min(1, done) * BAR_WIDTH);
        out.write(`\r\u001b[2K[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${line(counts)}`);
        barShown = true;
      } else {
        if (at - lastDrawn < LOG_EVERY_MS) return;
        out.write(`${line(counts)}\n`);
      }
      lastDrawn = at;
    },
    problem(problem) {
      if (problem.kind === 'skipped') {
        skippedByReason.set(problem.reason, (skippedByReason.get(problem.reason) ?? 0) + 1);
        return;
      }
      listed += 1;
      if (listed > MAX_LISTED_PROBLEMS) return;
      clearBar();
      out.write(
        problem.kind === 'unreadableHours'
          ? `hours not understood on ${problem.id} (shown as "Hours unknown"): ${problem.reason}\n`
          : `bad record ${problem.id}: ${problem.reason}\n`,
      );
    },
    finish(summary, dryRun) {
      clearBar();
      if (listed > MAX_LISTED_PROBLEMS) out.write(`… and ${listed - MAX_LISTED_PROBLEMS} more bad records\n`);
      const skipped = [...skippedByReason].map(([reason, count]) => `${count} ${reason}`).join(', ');
      const rate = summary.elapsedMs > 0 ? Math.round((summary.read * 1000) / summary.elapsedMs) : 0;
      const f = (n: number) => number.format(n);
      out.write(
        [
          `${dryRun ? 'Dry run (nothing written): ' : ''}${f(summary.read)} records in ${(summary.elapsedMs / 1000).toFixed(1)} s (${f(rate)}/s)`,
          dryRun
            ? `  ${f(summary.read - summary.skipped - summary.invalid - summary.amenities)} would be imported`
            : `  ${f(summary.created)} created, ${f(summary.updated)} updated, ${f(summary.unchanged)} unchanged, ${f(summary.merged)} merged into locations from other sources; facts changed on ${f(summary.factsChanged)}`,
          ...(summary.withEquipment > 0
            ? [
                `  equipment on ${f(summary.withEquipment)} places (${Object.entries(summary.equipmentByKind)
                  .map(([kind, places]) => `${kind} ${f(places)}`)
                  .join(
                    ', ',
                  )})${summary.devicesAttached > 0 ? `; ${f(summary.devicesAttached)} devices mapped apart counted into their playground` : ''}`,
              ]
            : []),
          ...(summary.amenities > 0
            ? [`  ${f(summary.amenities)} public amenities (toilets, drinking water…)`]
            : []),
          `  ${f(summary.skipped)} skipped${skipped ? ` (${skipped})` : ''}, ${f(summary.invalid)} bad records`,
          ...(summary.unreadableHours > 0
            ? [`  ${f(summary.unreadableHours)} with opening hours not understood (shown as "Hours unknown")`]
            : []),
          '',
        ].join('\n'),
      );
    },
  };
}
