/**
 * The relational form of the spec's documents (spec §3). Every list or map that grows with
 * users is its own table with a unique key, so concurrent votes and visits are correct by
 * construction rather than by read-modify-write of a document.
 */
//
// One file per table group in schema/; this file re-exports them all, for the repositories
// and for drizzle-kit (drizzle.config.ts), which reads every table from here.
export * from './schema/people.ts';
export * from './schema/places.ts';
export * from './schema/content.ts';
export * from './schema/events.ts';
export * from './schema/deals.ts';
export * from './schema/moderation.ts';
export * from './schema/analytics.ts';
export * from './schema/facts.ts';
export * from './schema/conditions.ts';
export * from './schema/maintenance.ts';
