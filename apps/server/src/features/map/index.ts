/**
 * The map feature's public entry: what other features and app.ts use of the map's reads.
 * Nothing else of features/map is imported from outside it.
 */
export { createMapReads, type MapReads, type MapReadsDeps } from './map-reads.ts';
export type { MapReader } from './map-reader.ts';
export type { Box, MapFilters, NearQuery, PlaceHit } from './map-query.ts';
export type { ClusterCell } from './cluster-cells.ts';
export { MapIndex, sphereDistanceKm } from './map-index/map-index.ts';
export {
  MapIndexKeeper,
  type AppliedChange,
  type AppliedChanges,
  type MapIndexStatus,
} from './map-index/map-index-keeper.ts';
export type { MapAnswerCache } from './map-index/answer-cache.ts';
