/**
 * How long PlaySpot keeps what is not the community's content: analytics events for a
 * configurable number of days (RETENTION_ANALYTICS_DAYS), sessions until they end. Pure:
 * callers pass `now`.
 */

/** Analytics events are kept this many days unless configured otherwise (a year and a bit, for year-on-year). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 400;

/** The retention job runs this often. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events received before this instant are deleted. */
export function analyticsRetentionCutoff(now: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`Retention must be a whole number of days ≥ 1, got ${days}`);
  return new Date(now.getTime() - days * DAY_MS);
}
