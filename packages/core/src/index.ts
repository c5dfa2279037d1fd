/**
 * @playspot/core: the pure domain of PlaySpot — the spec's rules, constants and the zod
 * contracts of every entity and request. No I/O, no clock, no randomness (see CONTEXT.md).
 */
export * from './constants.ts';
export * from './assert.ts';
export * from './votes.ts';
export * from './tag-votes.ts';
export * from './points.ts';
export * from './popularity.ts';
export * from './filters.ts';
export * from './facts.ts';
export * from './geo.ts';
export * from './position.ts';
export * from './time.ts';
export * from './visits.ts';
export * from './events.ts';
export * from './deals.ts';
export * from './text.ts';
export * from './user-names.ts';
export * from './search-rank.ts';
export * from './free-json.ts';
export * from './page-cursor.ts';
export * from './removal.ts';
export * from './analytics.ts';
export * from './storage-paths.ts';
export * from './access.ts';
export * from './reports.ts';
export * from './import/index.ts';
export * from './sessions.ts';
export * from './schemas/api-error.ts';
export * from './schemas/auth.ts';
export * from './schemas/location-results.ts';
export * from './schemas/location-summary.ts';
export * from './schemas/common.ts';
export * from './schemas/user.ts';
export * from './schemas/profile.ts';
export * from './schemas/location.ts';
export * from './schemas/favourites.ts';
export * from './schemas/comment.ts';
export * from './schemas/event.ts';
export * from './schemas/deal.ts';
export * from './schemas/removal-request.ts';
export * from './schemas/moderation.ts';
export * from './schemas/report.ts';
export * from './schemas/analytics.ts';
export * from './schemas/device-memory.ts';
