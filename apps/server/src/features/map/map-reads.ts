/**
 * The map's reads as other features use them: each read picks its MapReader (the map index
 * when it is ready, else SQL) and answers from it alone.
 */
import type { ConditionBrief, LatLng, PlaceSummary, ViewportQuery, ViewportResult } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { createIndexReader, encodedSummaries, encodedViewportFromIndex } from './index-reader.ts';
import type { MapIndex } from './map-index/map-index.ts';
import type { MapReader } from './map-reader.ts';
import type { NearQuery, PlaceHit } from './map-query.ts';
import { createSqlReader } from './sql-reader.ts';

export interface MapReadsDeps {
  db: Database;
  /** Public URL of a stored photo. */
  urlFor: (storageKey: string) => string;
  /** Live conditions of these places in brief (features/conditions); none when absent. */
  conditionsOf?: ((locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>) | undefined;
  /** The map index when it is ready; the map reads SQL without it. */
  mapIndex?: (() => Promise<MapIndex | null>) | undefined;
  now: () => Date;
}

export function createMapReads(deps: MapReadsDeps) {
  const sqlReader = createSqlReader(deps);
  const readyIndex = async (): Promise<MapIndex | null> => (await deps.mapIndex?.()) ?? null;

  /** The index's reader when it is ready, else SQL's. */
  async function reader(): Promise<MapReader> {
    const index = await readyIndex();
    return index ? createIndexReader(index, deps.urlFor, deps.now) : sqlReader;
  }

  return {
    /**
     * A page of places: nearest first around the centre, or newest first without one (SQL
     * alone keeps that order). Ask one more than fits to tell whether another page follows.
     */
    async page(query: NearQuery): Promise<PlaceHit[]> {
      const { centre } = query;
      if (centre === null) return sqlReader.newest({ ...query, centre });
      return (await reader()).near({ ...query, centre });
    },

    /** The viewport: points when few are in view, grid clusters when many. */
    async viewport(query: ViewportQuery): Promise<ViewportResult> {
      return (await reader()).viewport(query);
    },

    /** The viewport answer as JSON bytes from the ready map index; null while there is none. */
    async encodedViewport(query: ViewportQuery): Promise<Buffer | null> {
      const index = await readyIndex();
      return index && encodedViewportFromIndex(index, query, deps.now());
    },

    /**
     * A page of summaries near the centre as JSON bytes from the ready index (`shown` of the
     * places found, the cursor made from how many were found); null while there is none.
     */
    async encodedSummaries(
      query: NearQuery<LatLng>,
      shown: number,
      nextCursor: (found: number) => string | null,
    ): Promise<Buffer | null> {
      const index = await readyIndex();
      if (!index) return null;
      const found = index.near(query);
      return encodedSummaries(index, found.slice(0, shown), nextCursor(found.length), deps.urlFor, query.now);
    },

    /** The map's summaries of these places from the index; null from SQL (see MapReader). */
    async summariesOf(ids: string[], centre: LatLng | null): Promise<PlaceSummary[] | null> {
      return (await reader()).summariesOf(ids, centre);
    },
  };
}

export type MapReads = ReturnType<typeof createMapReads>;
