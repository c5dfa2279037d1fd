/**
 * The map's reads, one interface with two implementations: the map index's
 * (index-reader.ts, from memory) and the SQL's (sql-reader.ts: while the index builds, with
 * `MAP_INDEX=off`, and what the tests compare the index with). map-reads.ts picks one.
 */
import type { LatLng, PlaceSummary, ViewportQuery, ViewportResult } from '@playspot/core';
import type { NearQuery, PlaceHit } from './map-query.ts';

export interface MapReader {
  readonly source: 'index' | 'sql';
  /** A page of places around the query's centre, nearest first: ids and distances. */
  near(query: NearQuery<LatLng>): Promise<PlaceHit[]>;
  /** What the map shows in a box: points when few, clusters when many (viewport.ts decides). */
  viewport(query: ViewportQuery): Promise<ViewportResult>;
  /**
   * The map's summaries of these places (any order; places gone left out), with distances
   * from `centre` when given; null when this reader does not keep summaries (SQL: the
   * caller shapes them from its rows).
   */
  summariesOf(ids: string[], centre: LatLng | null): Promise<PlaceSummary[] | null>;
}
