/**
 * The map's reads answered from the map index (map-index/): the same answers as the SQL in
 * map-queries.repository.ts, without a database round trip. Everything here is synchronous,
 * so one answer never mixes two states of the index.
 */
import {
  isEventOnToday,
  roundDistanceKm,
  type LatLng,
  type PlaceSummary,
  type MapPoint,
  type ViewportQuery,
  type ViewportResult,
} from '@playspot/core';
import type { MapReader } from './map-reader.ts';
import type { NearQuery, PlaceHit } from './map-query.ts';
import type { LiveCluster, MapIndex, NearPlace } from './map-index/map-index.ts';
import { factFiltersOfMask, type PlaceLive } from './map-index/map-place.ts';
import { writeMarkers } from './map-index/marker-run.ts';
import { AnswerBytes, conditionsAt, writeSummary } from './map-index/place-bytes.ts';
import { clustersResult, decideViewportNow, type ViewportDecision } from './viewport.ts';

/** Whether one of its public events is on today, in its own zone. */
function hasEventToday(live: PlaceLive | null, now: Date): boolean {
  return live !== null && live.events.some((event) => isEventOnToday(event, now, live.timeZone));
}

/** A marker: the kinds of condition reported there (a badge on the pin), each once. */
export function mapPointOf(index: MapIndex, slot: number, now: Date): MapPoint {
  const place = index.store.placeOf(slot);
  const kinds = [...new Set(conditionsAt(place.live, now.getTime()).map((condition) => condition.kind))];
  return {
    id: place.id,
    name: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    indoor: place.indoor,
    free: place.free,
    ageRanges: place.ageRanges,
    votes: { up: place.upVotes, down: place.downVotes },
    ...(kinds.length === 0 ? {} : { conditions: kinds }),
  };
}

/** The map's summary of the place in `slot` at `now`, with its distance when one is known. */
export function summaryOf(
  index: MapIndex,
  slot: number,
  distanceKm: number | null,
  urlFor: (storageKey: string) => string,
  now: Date,
): PlaceSummary {
  const place = index.store.placeOf(slot);
  const conditions = conditionsAt(place.live, now.getTime());
  return {
    id: place.id,
    name: place.name,
    lat: place.latitude,
    lng: place.longitude,
    ...(distanceKm === null ? {} : { distanceKm: roundDistanceKm(distanceKm) }),
    indoor: place.indoor,
    free: place.free,
    ageRanges: place.ageRanges,
    upVotes: place.upVotes,
    ...(place.thumbnailKey === null ? {} : { thumbnailUrl: urlFor(place.thumbnailKey) }),
    ...(place.factMask === 0 ? {} : { facts: factFiltersOfMask(place.factMask) }),
    ...(hasEventToday(place.live, now) ? { hasEventToday: true as const } : {}),
    ...(conditions.length === 0 ? {} : { conditions }),
    ...(place.openingHours === null
      ? {}
      : { openingHours: { value: place.openingHours, timeZone: place.timeZone } }),
    ...(place.names === null ? {} : { names: place.names }),
  };
}

/** Summaries of these places (those the index holds), with distances from `centre` if given. */
export function summariesOfIds(
  index: MapIndex,
  ids: string[],
  centre: LatLng | null,
  urlFor: (storageKey: string) => string,
  now: Date,
): PlaceSummary[] {
  return ids.flatMap((id) => {
    const slot = index.store.find(id);
    if (slot < 0) return [];
    return [summaryOf(index, slot, centre ? index.distanceKm(centre, slot) : null, urlFor, now)];
  });
}

/** Ids and distances of a page near a centre (the full place shape is read by id). */
export function idsNear(index: MapIndex, page: NearQuery<LatLng>): PlaceHit[] {
  return index.near(page).map(({ slot, distanceKm }) => ({ id: index.store.idOf(slot), distanceKm }));
}

function clustersOf(index: MapIndex, cells: LiveCluster[], now: Date): ViewportResult {
  const singles = cells.filter((cell) => cell.count === 1 && cell.sample >= 0);
  return clustersResult(
    cells,
    singles.map((cell) => mapPointOf(index, cell.sample, now)),
  );
}

/** The viewport's decision (viewport.ts) read from the index: the slots of its points, or cells. */
function viewportFromIndex(
  index: MapIndex,
  query: ViewportQuery,
  now: Date,
): ViewportDecision<number, number> {
  return decideViewportNow(query, {
    gridCells: (level) => index.gridClusters(query, query.zoom, level, query, now),
    pointsInBox: (atMost) => index.inBox(query, query, now, atMost),
    cellsInBox: (cellDegrees) => index.liveClusters(query, query, now, cellDegrees),
  });
}

/** The viewport answer from the index, as an object (the route sends encodedViewportFromIndex's bytes). */
export function viewportResultFromIndex(index: MapIndex, query: ViewportQuery, now: Date): ViewportResult {
  const decision = viewportFromIndex(index, query, now);
  if (decision.kind === 'clusters') return clustersOf(index, decision.cells, now);
  return { kind: 'points', points: decision.points.map((slot) => mapPointOf(index, slot, now)) };
}

/** The writer of every encoded answer: reads are synchronous, so one is never shared by two. */
const answerBytes = new AnswerBytes();

/**
 * The viewport answer as JSON bytes, as the SQL read's answer would be serialised. Points are
 * written straight from the index's arrays (place-bytes.ts); clusters, rarer and smaller, are
 * serialised whole.
 */
export function encodedViewportFromIndex(index: MapIndex, query: ViewportQuery, now: Date): Buffer {
  const result = viewportFromIndex(index, query, now);
  if (result.kind === 'clusters') return Buffer.from(JSON.stringify(clustersOf(index, result.cells, now)));
  const out = answerBytes;
  out.ascii('{"kind":"points","points":[');
  writeMarkers(out, index.store, index.coordinates, result.points, now.getTime());
  out.ascii(']}');
  return out.take();
}

/** A page of summaries as JSON bytes, the same as the summaries serialised, written from the index's arrays. */
export function encodedSummaries(
  index: MapIndex,
  near: readonly NearPlace[],
  nextCursor: string | null,
  urlFor: (storageKey: string) => string,
  now: Date,
): Buffer {
  const out = answerBytes;
  out.ascii('{"items":[');
  for (let i = 0; i < near.length; i++) {
    const place = near[i];
    if (place === undefined) continue;
    if (i > 0) out.byte(0x2c);
    writeSummary(out, index.store, index.coordinates, place, urlFor, now);
  }
  out.ascii(`],"nextCursor":`);
  out.utf8(JSON.stringify(nextCursor));
  out.ascii('}');
  return out.take();
}

/** The map index as a MapReader (map-reader.ts), read at `now()` per call. */
export function createIndexReader(
  index: MapIndex,
  urlFor: (storageKey: string) => string,
  now: () => Date,
): MapReader {
  return {
    source: 'index',
    near: async (query) => idsNear(index, query),
    viewport: async (query) => viewportResultFromIndex(index, query, now()),
    summariesOf: async (ids, centre) => summariesOfIds(index, ids, centre, urlFor, now()),
  };
}
