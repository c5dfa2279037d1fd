/**
 * The map's reads answered from the map index (features/map-index): the same answers as
 * the SQL in map-queries.repository.ts, without a database round trip. Everything here is
 * synchronous, so one answer never mixes two states of the index.
 */
import {
  roundDistanceKm,
  type LatLng,
  type LocationSummary,
  type MapPoint,
  type ViewportQuery,
  type ViewportResult,
} from '@playspot/core';
import type { LiveCluster, MapIndex } from '../map-index/map-index.ts';
import { fromTriState, unpackAgeRanges, type MapFilters } from '../map-index/map-place.ts';
import { freeState, indoorState } from '../map-index/place-store.ts';
import { cellDegreesAt, summaryLevelFor } from './cluster-cells.ts';

/** Up to this many locations in view are sent as points; more are clustered. */
export const VIEWPORT_POINT_LIMIT = 300;

export function mapPointOf(index: MapIndex, slot: number): MapPoint {
  const { store } = index;
  const attributes = store.attributes[slot] ?? 0;
  return {
    id: store.idOf(slot),
    name: store.nameOf(slot),
    latitude: store.latitudes[slot] ?? 0,
    longitude: store.longitudes[slot] ?? 0,
    indoor: fromTriState(indoorState(attributes)),
    free: fromTriState(freeState(attributes)),
    ageRanges: unpackAgeRanges(store.agePacked[slot] ?? 0),
    votes: { up: store.upVotes[slot] ?? 0, down: store.downVotes[slot] ?? 0 },
  };
}

/** A page of places near a centre: ids and exact distances, nearest first. */
export interface NearPage {
  centre: LatLng;
  radiusKm: number | null;
  filters: MapFilters;
  limit: number;
  offset: number;
  now: Date;
}

export interface IndexedSummary {
  summary: LocationSummary;
  /** Whether "today" has to be asked of the database (the place has public events). */
  hasEvents: boolean;
}

/** The map's summary of the place in `slot`, with its distance when one is known. */
export function summaryOf(
  index: MapIndex,
  slot: number,
  distanceKm: number | null,
  urlFor: (storageKey: string) => string,
): IndexedSummary {
  const { store } = index;
  const point = mapPointOf(index, slot);
  const thumbnail = store.thumbnailOf(slot);
  return {
    summary: {
      id: point.id,
      name: point.name,
      lat: point.latitude,
      lng: point.longitude,
      ...(distanceKm === null ? {} : { distanceKm: roundDistanceKm(distanceKm) }),
      indoor: point.indoor,
      free: point.free,
      ageRanges: unpackAgeRanges(store.agePacked[slot] ?? 0),
      upVotes: point.votes.up,
      ...(thumbnail === null ? {} : { thumbnailUrl: urlFor(thumbnail) }),
    },
    hasEvents: store.hasEvents(slot),
  };
}

export function summariesNear(
  index: MapIndex,
  page: NearPage,
  urlFor: (storageKey: string) => string,
): IndexedSummary[] {
  return index.near(page).map(({ slot, distanceKm }) => summaryOf(index, slot, distanceKm, urlFor));
}

/** Summaries of these places (those the index holds), with distances from `centre` if given. */
export function summariesOfIds(
  index: MapIndex,
  ids: string[],
  centre: LatLng | null,
  urlFor: (storageKey: string) => string,
): IndexedSummary[] {
  return ids.flatMap((id) => {
    const slot = index.store.find(id);
    if (slot < 0) return [];
    return [summaryOf(index, slot, centre ? index.distanceKm(centre, slot) : null, urlFor)];
  });
}

/** Ids and distances of a page near a centre (the full location shape is read by id). */
export function idsNear(index: MapIndex, page: NearPage): { id: string; distanceKm: number }[] {
  return index.near(page).map(({ slot, distanceKm }) => ({ id: index.store.idOf(slot), distanceKm }));
}

function toClusters(index: MapIndex, cells: LiveCluster[]): ViewportResult {
  return {
    kind: 'clusters',
    total: cells.reduce((sum, cell) => sum + cell.count, 0),
    points: cells
      .filter((cell) => cell.count === 1 && cell.sample >= 0)
      .map((cell) => mapPointOf(index, cell.sample)),
    clusters: cells
      .filter((cell) => cell.count > 1)
      .map((cell) => ({
        count: cell.count,
        latitude: cell.latitude,
        longitude: cell.longitude,
        bounds: { west: cell.west, south: cell.south, east: cell.east, north: cell.north },
      })),
  };
}

/**
 * Points when few are in view; grid clusters (count, centre, bounds) when many. World and
 * country zooms group the cluster grid's cells (a cell on the box's edge counts whole) unless
 * they hold few places or `recentlyAdded` asks; closer zooms group the places in the box.
 */
export function viewportFromIndex(index: MapIndex, query: ViewportQuery, now: Date): ViewportResult {
  const level = query.recentlyAdded ? null : summaryLevelFor(query.zoom);
  if (level !== null) {
    const cells = index.gridClusters(query, query.zoom, level, query, now);
    if (cells && cells.reduce((sum, cell) => sum + cell.count, 0) > VIEWPORT_POINT_LIMIT) {
      return toClusters(index, cells);
    }
  }
  const slots = index.inBox(query, query, now, VIEWPORT_POINT_LIMIT + 1);
  if (slots.length <= VIEWPORT_POINT_LIMIT) {
    return { kind: 'points', points: slots.map((slot) => mapPointOf(index, slot)) };
  }
  return toClusters(index, index.liveClusters(query, query, now, cellDegreesAt(query.zoom)));
}
