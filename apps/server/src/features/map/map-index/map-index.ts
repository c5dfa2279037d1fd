/**
 * The map index: every place's map fields in memory (place-store.ts) with a kd-tree for
 * "nearest" and "in this box", and the cluster grid for zoomed-out views. It answers what
 * map-queries.repository.ts answers in SQL (features/map): the same places, order and distances.
 */
import { around } from 'geokdbush';
import type { LatLng } from '@playspot/core';
import type { ClusterCell } from '../cluster-cells.ts';
import type { Box, MapFilters, NearQuery } from '../map-query.ts';
import { ClusterGrid } from './cluster-grid.ts';
import { nearestInRadius } from './nearest.ts';
import { CoordinateText } from './place-bytes.ts';
import { clusterGridKeeps, filterTestOf, isUnfiltered, type FilterTest, type MapPlace } from './map-place.ts';
import { PlaceStore } from './place-store.ts';
import type { CoordinatesText } from './columns.ts';
import {
  ageMask,
  attributeTestOf,
  freeState,
  GROUP_ATTRIBUTES,
  indoorState,
  POPULAR_BIT,
  REMOVED_BIT,
} from './slot-attributes.ts';

/** Places added or moved between compactions (searched one by one until then). */
export const OVERLAY_LIMIT = 2000;

/**
 * PostGIS's sphere (ST_Distance with use_spheroid false): the mean radius of the WGS 84
 * ellipsoid, (2a + b) / 3, in km. geokdbush's own sphere is 6371 km: the order is the same,
 * its radius cut is scaled.
 */
const SPHERE_RADIUS_KM = 6371.0087714;
const GEOKDBUSH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

/** Great-circle distance in km on PostGIS's sphere (haversine). */
export function sphereDistanceKm(from: LatLng, toLatitude: number, toLongitude: number): number {
  const dLat = (toLatitude - from.lat) * RADIANS;
  const dLng = (toLongitude - from.lng) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RADIANS) * Math.cos(toLatitude * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * SPHERE_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A query's filter test compiled for slots: the attribute bits as one mask and value
 * (place-store.ts attributeTestOf), and `rest` false when no other column is asked, so an
 * unfiltered read tests one number per slot.
 */
export interface SlotTest extends FilterTest {
  mask: number;
  value: number;
  ageBits: number;
  rest: boolean;
}

export function slotTestOf(filters: MapFilters, now: Date): SlotTest {
  const test = filterTestOf(filters, now);
  return {
    ...test,
    ...attributeTestOf(test),
    rest:
      test.changedSinceMs !== -Infinity ||
      test.factMask !== 0 ||
      test.equipmentMask !== 0 ||
      test.openAtMs !== Infinity ||
      test.openNow !== null,
  };
}

/**
 * Distances from one centre on PostGIS's sphere: sphereDistanceKm's arithmetic, with the
 * centre's cosine taken once per read instead of once per place (the same doubles).
 */
export function distancesFrom(centre: LatLng): (latitude: number, longitude: number) => number {
  const centreCos = Math.cos(centre.lat * RADIANS);
  return (latitude, longitude) => {
    const dLat = (latitude - centre.lat) * RADIANS;
    const dLng = (longitude - centre.lng) * RADIANS;
    const a = Math.sin(dLat / 2) ** 2 + centreCos * Math.cos(latitude * RADIANS) * Math.sin(dLng / 2) ** 2;
    return 2 * SPHERE_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  };
}

export interface NearPlace {
  slot: number;
  distanceKm: number;
}

/** A grid cell of the index: `sample` is a slot of its places (the marker when it holds one). */
export type LiveCluster = ClusterCell<number>;

function boxesOf(box: Box): Box[] {
  return box.west <= box.east
    ? [box]
    : [
        { ...box, east: 180 },
        { ...box, west: -180 },
      ];
}

const inBoxes = (boxes: Box[], latitude: number, longitude: number) =>
  boxes.some(
    (box) => latitude >= box.south && latitude <= box.north && longitude >= box.west && longitude <= box.east,
  );

export class MapIndex {
  readonly store: PlaceStore;
  readonly grid: ClusterGrid;
  /** The base places' coordinates as text, for answers written as bytes (place-bytes.ts). */
  readonly coordinates: CoordinateText;

  private constructor(store: PlaceStore, grid: ClusterGrid) {
    this.store = store;
    this.grid = grid;
    this.coordinates = new CoordinateText(store);
  }

  /** An empty index with room for `expected` places streamed in by `add`, then `seal`. */
  static builder(expected: number): {
    add(place: MapPlace, coordinates?: CoordinatesText): void;
    seal(): MapIndex;
    full(): boolean;
  } {
    const store = new PlaceStore(Math.ceil(expected * 1.05) + 1000 + OVERLAY_LIMIT);
    return {
      add(place, coordinates) {
        store.addBase(place, coordinates);
      },
      full: () => store.room <= OVERLAY_LIMIT,
      seal() {
        store.seal();
        // Made in the kd-tree's order (neighbours share cells): 0.9–1.1 s for a million
        // places, where adding each as it came took 1.5–2.0 s (docs/benchmarks.md).
        const grid = new ClusterGrid();
        for (let slot = 0; slot < store.size; slot++) {
          const attributes = store.attributes[slot] ?? 0;
          if ((attributes & REMOVED_BIT) !== 0) continue; // a copy PlaceStore.seal left out
          grid.add(
            slot,
            store.latitudes[slot] ?? 0,
            store.longitudes[slot] ?? 0,
            attributes & GROUP_ATTRIBUTES,
          );
        }
        return new MapIndex(store, grid);
      },
    };
  }

  get size(): number {
    return this.store.liveCount;
  }

  /** Whether applying more additions or moves needs a compaction first. */
  get needsCompaction(): boolean {
    return this.store.room === 0;
  }

  /**
   * The same places in a new store with no overlay (its kd-tree covers them all); the grid
   * is kept, with its sample slots renumbered.
   */
  compacted(): MapIndex {
    const old = this.store;
    const store = new PlaceStore(
      old.liveCount + Math.ceil(old.liveCount * 0.05) + 1000 + OVERLAY_LIMIT,
      old.schedules,
    );
    const renumbered = new Int32Array(old.size).fill(-1);
    for (const slot of old.presentInIdOrder()) renumbered[slot] = store.addBaseFrom(old, slot);
    const baseSlots = store.seal(); // no copies: the old store holds each id once
    for (let slot = 0; slot < renumbered.length; slot++) {
      const added = renumbered[slot] ?? -1;
      if (added >= 0) renumbered[slot] = baseSlots[added] ?? -1;
    }
    this.grid.renumber(renumbered);
    return new MapIndex(store, this.grid);
  }

  /** Puts the database's current state of one place in (null: it is gone or not on the map). */
  apply(id: string, place: MapPlace | null): void {
    const { store, grid } = this;
    const slot = store.find(id);
    if (slot >= 0) {
      grid.remove(
        slot,
        store.latitudes[slot] ?? 0,
        store.longitudes[slot] ?? 0,
        (store.attributes[slot] ?? 0) & GROUP_ATTRIBUTES,
      );
    }
    if (!place) {
      if (slot >= 0) store.remove(slot);
      return;
    }
    const moved =
      slot >= 0 && (store.latitudes[slot] !== place.latitude || store.longitudes[slot] !== place.longitude);
    let target = slot;
    if (slot < 0 || (moved && slot < store.baseCount)) {
      // The kd-tree cannot move a point: the place goes to the overlay until compaction.
      if (slot >= 0) store.remove(slot);
      target = store.addOverlay(place);
    } else {
      store.update(slot, place);
    }
    grid.add(target, place.latitude, place.longitude, (store.attributes[target] ?? 0) & GROUP_ATTRIBUTES);
  }

  /** Whether the slot is present and passes the test. */
  matches(slot: number, test: SlotTest): boolean {
    const { store } = this;
    const attributes = store.attributes[slot] ?? 0;
    if ((attributes & test.mask) !== test.value) return false;
    if (test.ageBits !== 0 && (attributes & test.ageBits) === 0) return false;
    return (
      !test.rest ||
      ((store.changedAtMs[slot] ?? 0) >= test.changedSinceMs &&
        ((store.factMasks[slot] ?? 0) & test.factMask) === test.factMask &&
        ((store.equipmentMasks[slot] ?? 0) & test.equipmentMask) === test.equipmentMask &&
        (store.closedUntilMs[slot] ?? 0) <= test.openAtMs &&
        (test.openNow === null ||
          store.schedules.isOpen(store.scheduleIds[slot] ?? 0, test.openNow.at, test.openNow.known)))
    );
  }

  /** Places around a centre, nearest first (within the radius if given), one page of them. */
  near(query: NearQuery<LatLng>): NearPlace[] {
    const { store } = this;
    const test = slotTestOf(query.filters, query.now);
    const distanceOf = distancesFrom(query.centre);
    const { latitudes, longitudes } = store;
    const wanted = query.offset + query.limit;
    const radiusKm = query.radiusKm ?? Infinity;
    const found: NearPlace[] = [];
    const inRadius =
      store.tree && store.baseCount > 0 && Number.isFinite(radiusKm)
        ? nearestInRadius(
            store.tree,
            query.centre,
            radiusKm,
            wanted,
            (slot) => this.matches(slot, test),
            (slot) => distanceOf(latitudes[slot] ?? 0, longitudes[slot] ?? 0),
          )
        : null;
    if (inRadius) {
      inRadius.slots.forEach((slot, i) => found.push({ slot, distanceKm: inRadius.distancesKm[i] ?? 0 }));
    } else if (store.tree && store.baseCount > 0) {
      // A hair more than the radius: the exact cut below is on PostGIS's sphere.
      const cutKm = Number.isFinite(radiusKm)
        ? (radiusKm * GEOKDBUSH_RADIUS_KM) / SPHERE_RADIUS_KM + 1e-6
        : Infinity;
      const slots = around(store.tree, query.centre.lng, query.centre.lat, wanted, cutKm, (slot: number) =>
        this.matches(slot, test),
      );
      for (const slot of slots) {
        found.push({ slot, distanceKm: this.distanceKm(query.centre, slot) });
      }
    }
    for (const slot of store.overlay.values()) {
      if (this.matches(slot, test)) found.push({ slot, distanceKm: this.distanceKm(query.centre, slot) });
    }
    return found
      .filter((place) => place.distanceKm <= radiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm)
      .slice(query.offset, wanted);
  }

  distanceKm(centre: LatLng, slot: number): number {
    return sphereDistanceKm(centre, this.store.latitudes[slot] ?? 0, this.store.longitudes[slot] ?? 0);
  }

  /** Slots of the places in the box that pass the filters, at most `atMost` of them. */
  inBox(box: Box, filters: MapFilters, now: Date, atMost = Infinity): number[] {
    const test = slotTestOf(filters, now);
    const found: number[] = [];
    this.eachInBox(box, (slot) => {
      if (!this.matches(slot, test)) return true;
      found.push(slot);
      return found.length < atMost;
    });
    return found;
  }

  /** Calls `visit` for every slot in the box (removed ones too) until it returns false. */
  private eachInBox(box: Box, visit: (slot: number) => boolean): void {
    const { store } = this;
    const boxes = boxesOf(box);
    if (store.tree) {
      for (const part of boxes) {
        for (const slot of store.tree.range(part.west, part.south, part.east, part.north)) {
          if (!visit(slot)) return;
        }
      }
    }
    for (const slot of store.overlay.values()) {
      if (inBoxes(boxes, store.latitudes[slot] ?? 0, store.longitudes[slot] ?? 0) && !visit(slot)) return;
    }
  }

  /**
   * The box's filtered places grouped in grid cells of `cellDegrees` (as the SQL
   * `group by floor(longitude / cell), floor(latitude / cell)`).
   */
  liveClusters(box: Box, filters: MapFilters, now: Date, cellDegrees: number): LiveCluster[] {
    const { store } = this;
    const cells = new Map<number, LiveCluster>();
    for (const slot of this.inBox(box, filters, now)) {
      const latitude = store.latitudes[slot] ?? 0;
      const longitude = store.longitudes[slot] ?? 0;
      const key = Math.floor(longitude / cellDegrees) * 2 ** 26 + Math.floor(latitude / cellDegrees);
      const cell = cells.get(key);
      if (!cell) {
        cells.set(key, {
          count: 1,
          latitude,
          longitude,
          south: latitude,
          north: latitude,
          west: longitude,
          east: longitude,
          sample: slot,
        });
        continue;
      }
      cell.count++;
      cell.latitude += latitude;
      cell.longitude += longitude;
      cell.south = Math.min(cell.south, latitude);
      cell.north = Math.max(cell.north, latitude);
      cell.west = Math.min(cell.west, longitude);
      cell.east = Math.max(cell.east, longitude);
    }
    const clusters = [...cells.values()];
    for (const cluster of clusters) {
      cluster.latitude /= cluster.count;
      cluster.longitude /= cluster.count;
    }
    return clusters;
  }

  /**
   * The cluster grid's cells of the box at `level`, grouped into `zoom`'s cells; null when
   * the filters ask for what the grid does not keep (core MAP_FILTERS' `inClusterGrid`).
   */
  gridClusters(box: Box, zoom: number, level: number, filters: MapFilters, now: Date): LiveCluster[] | null {
    if (!clusterGridKeeps(filters)) return null;
    const test = filterTestOf(filters, now);
    const matchesGroup = isUnfiltered(test)
      ? () => true
      : (attributes: number) =>
          (test.indoor === 0 || indoorState(attributes) === test.indoor) &&
          (test.free === 0 || freeState(attributes) === test.free) &&
          (test.ageBit === 0 || (ageMask(attributes) & test.ageBit) !== 0) &&
          (!test.popular || (attributes & POPULAR_BIT) !== 0);
    return this.grid.clusters(box, zoom, level, matchesGroup).map((cluster) => {
      const { sampleCell, ...rest } = cluster;
      if (cluster.count !== 1 || cluster.sample >= 0 || !sampleCell) return rest;
      // The one place's slot was forgotten by a removal: find it in its summary cell.
      const cellBox = this.grid.cellBox(sampleCell);
      const { latitudes, longitudes, attributes } = this.store;
      const [sample = -1] = this.inBox(cellBox, filters, now).filter(
        (slot) =>
          this.grid.inCell(sampleCell, latitudes[slot] ?? 0, longitudes[slot] ?? 0) &&
          matchesGroup((attributes[slot] ?? 0) & GROUP_ATTRIBUTES),
      );
      return { ...rest, sample };
    });
  }
}
