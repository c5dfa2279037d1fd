/** Benchmark settings from the environment. */

/** An integer setting, `fallback` when unset; refuses anything else with the variable's name. */
export function integerFromEnv(name: string, fallback: number, minimum: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`${name} must be an integer ≥ ${String(minimum)}, got "${raw}"`);
  }
  return value;
}
