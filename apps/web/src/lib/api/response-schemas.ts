/**
 * The response schemas of the calls the map makes before its first paint, loaded on demand
 * (api-client's `lazySchema`): zod and these schemas stay off the map's initial JavaScript.
 */
export {
  currentUserSchema,
  eventsTodayResultSchema,
  locationSchema,
  locationSummaryListSchema,
  runtimeConfigSchema,
  viewportResultSchema,
} from '@playspot/core';
