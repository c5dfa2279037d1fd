/**
 * A full garbage collection, on purpose (issue 43): after the map index's build, whose pages
 * of rows leave a few hundred megabytes of garbage, so the process gives the pages back to
 * the system at once and its RSS says what the index holds, not when V8 last collected.
 * V8 offers `gc` only when started with --expose-gc; the flag set at run time makes it
 * available in a new context. Costs tens of milliseconds, once per build.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;

export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
