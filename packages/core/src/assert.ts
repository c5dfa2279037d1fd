/**
 * Ends a switch over a union: the compiler proves every member was handled, and a value
 * that slips past the types at run time fails loudly instead of falling through.
 */
export function exhaustiveSwitchError(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}

/** Throws a RangeError unless `value` is a non-negative safe integer. */
export function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}
