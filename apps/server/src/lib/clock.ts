/**
 * A clock that reads `start` now and runs on at real speed from there: set with CLOCK_START
 * in development and browser tests, so "happening now" has a known weekday and hour.
 */
export function clockStartingAt(start: Date, realNow: () => number = Date.now): () => Date {
  const offsetMs = start.getTime() - realNow();
  return () => new Date(realNow() + offsetMs);
}
