/** Bulk import of open data (OpenStreetMap, city datasets): the pure rules. */
export * from './attribution.ts';
export * from './age-ranges.ts';
export * from './geometry.ts';
export * from './osm-mapping.ts';
export * from './place-merge.ts';
export * from './records.ts';
