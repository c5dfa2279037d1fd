/**
 * Limits for writes, counted per signed-in person (or per address when signed out): enough
 * for a parent adding a place with photos and a few votes, too few for a script.
 */
export const WRITE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
