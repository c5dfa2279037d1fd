/**
 * Clusters wherever pins would overlap (issue 32): at the map's zoom, places whose markers
 * would cover each other are drawn as one bubble with their count, at any number of places
 * (the server clusters only crowded views). Decided in screen pixels of the Web Mercator
 * projection the map uses (256 px tiles), so the answer depends on the zoom, not on degrees.
 */
import type { BoundingBox } from './geo.ts';

/** The pixel footprints of the map's markers. */
export interface MarkerFootprint {
  /** A place's pin: width and height, and how far above its point its top is (the tip is the point). */
  readonly pin: { readonly width: number; readonly height: number; readonly above: number };
  /** A bubble's diameter for so many places (centred on its point). */
  readonly bubble: (count: number) => number;
}

export interface PlaceOnMap {
  readonly latitude: number;
  readonly longitude: number;
}

export interface ClusterOnMap {
  readonly count: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly bounds: BoundingBox;
}

const TILE_PX = 256;
const MAX_MERCATOR_LAT = 85.05112878;

/** Web Mercator pixel position of a point at `zoom` (whole or fractional). */
export function mercatorPixel(latitude: number, longitude: number, zoom: number): { x: number; y: number } {
  const scale = TILE_PX * 2 ** zoom;
  const lat = (Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, latitude)) * Math.PI) / 180;
  return {
    x: ((longitude + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * scale,
  };
}

interface Group<T> {
  place: T | null;
  count: number;
  /** Count-weighted sums, for the centre. */
  latSum: number;
  lngSum: number;
  bounds: BoundingBox;
  left: number;
  right: number;
  top: number;
  bottom: number;
  alive: boolean;
}

function union(a: BoundingBox, b: BoundingBox): BoundingBox {
  return {
    west: Math.min(a.west, b.west),
    south: Math.min(a.south, b.south),
    east: Math.max(a.east, b.east),
    north: Math.max(a.north, b.north),
  };
}

/** Places the group's footprint where its point projects at `zoom`. */
function place<T>(group: Group<T>, zoom: number, footprint: MarkerFootprint): void {
  const { x, y } = mercatorPixel(group.latSum / group.count, group.lngSum / group.count, zoom);
  if (group.place !== null) {
    const { width, height, above } = footprint.pin;
    group.left = x - width / 2;
    group.right = x + width / 2;
    group.top = y - above;
    group.bottom = y - above + height;
  } else {
    const radius = footprint.bubble(group.count) / 2;
    group.left = x - radius;
    group.right = x + radius;
    group.top = y - radius;
    group.bottom = y + radius;
  }
}

const overlap = <T>(a: Group<T>, b: Group<T>) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The places to draw as pins and the bubbles to draw instead of the others: no two of them
 * overlap at `zoom`. Bubbles already made (the server's, for crowded views) take part like
 * pins. Every place given is in exactly one pin or bubble (counts add up); a bubble sits at its
 * places' centre and spans their bounds. Deterministic: the same input gives the same answer.
 */
export function groupOverlappingMarkers<T extends PlaceOnMap>(
  places: readonly T[],
  clusters: readonly ClusterOnMap[],
  zoom: number,
  footprint: MarkerFootprint,
): { places: T[]; clusters: ClusterOnMap[] } {
  const groups: Group<T>[] = [
    ...clusters.map((cluster) => ({
      place: null,
      count: cluster.count,
      latSum: cluster.latitude * cluster.count,
      lngSum: cluster.longitude * cluster.count,
      bounds: cluster.bounds,
    })),
    ...places.map((one) => ({
      place: one,
      count: 1,
      latSum: one.latitude,
      lngSum: one.longitude,
      bounds: { west: one.longitude, south: one.latitude, east: one.longitude, north: one.latitude },
    })),
  ].map((group) => {
    const full: Group<T> = { ...group, left: 0, right: 0, top: 0, bottom: 0, alive: true };
    place(full, zoom, footprint);
    return full;
  });
  // Neighbours are found through a grid of cells as large as the largest footprint.
  const cell = Math.max(footprint.pin.width, footprint.pin.height, footprint.bubble(Number.MAX_SAFE_INTEGER));
  for (let merged = true; merged;) {
    merged = false;
    const grid = new Map<string, Group<T>[]>();
    const keyOf = (x: number, y: number) => `${x},${y}`;
    for (const group of groups) {
      if (!group.alive) continue;
      const key = keyOf(Math.floor(group.left / cell), Math.floor(group.top / cell));
      const inCell = grid.get(key);
      if (inCell) inCell.push(group);
      else grid.set(key, [group]);
    }
    for (const group of groups) {
      if (!group.alive) continue;
      const cx = Math.floor(group.left / cell);
      const cy = Math.floor(group.top / cell);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const other of grid.get(keyOf(cx + dx, cy + dy)) ?? []) {
            if (other === group || !other.alive || !overlap(group, other)) continue;
            group.count += other.count;
            group.latSum += other.latSum;
            group.lngSum += other.lngSum;
            group.bounds = union(group.bounds, other.bounds);
            group.place = null;
            other.alive = false;
            merged = true;
          }
        }
      }
      // Its new footprint is compared in the next pass.
      if (group.place === null) place(group, zoom, footprint);
    }
  }
  const alive = groups.filter((group) => group.alive);
  return {
    places: alive.flatMap((group) => (group.place === null ? [] : [group.place])),
    clusters: alive
      .filter((group) => group.place === null)
      .map((group) => ({
        count: group.count,
        latitude: group.latSum / group.count,
        longitude: group.lngSum / group.count,
        bounds: group.bounds,
      })),
  };
}
