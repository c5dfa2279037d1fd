/**
 * Sums over the index's present places that any difference from the table is very likely to
 * change (the keeper compares them with the same sums in SQL, map-index.repository.ts).
 *
 * The store keeps them up to date as places are written and removed (`PlaceStore.checksum`):
 * summing a million slots took 90–230 ms, a stall of the event loop every minute in every
 * process that put the map reads' p99 of the mixed-traffic row at 100 ms (issue 43).
 * `storeChecksum` is the full pass, the reference the kept sums are tested against.
 */
import { ageMask, freeState, indoorState } from './slot-attributes.ts';

export interface PlaceChecksum {
  places: number;
  counters: number;
  positions: number;
  names: number;
  attributes: number;
  thumbnails: number;
  /** Places reported closed for works (any closed_until, past or future). */
  closed: number;
  /** The sum of the places' equipment masks. */
  equipment: number;
  ids: number;
}

/** The table's sums as one statement saw them, with the newest change in that statement's snapshot. */
export interface TableChecksum {
  sums: PlaceChecksum;
  /** The newest map_changes version the statement could see. */
  seenVersion: number;
}

/**
 * What one look at the checksums says (the keeper rebuilds after several `different` looks):
 * - `same`: the index and the table agree;
 * - `moved-on`: they differ, but the index has applied changes committed after the table's
 *   sums were read (under a steady stream of votes nearly every look), so the two describe
 *   different moments and nothing is known;
 * - `different`: they differ at the same moment.
 */
export function compareChecksums(
  table: TableChecksum,
  index: { sums: PlaceChecksum; newestApplied: number },
): 'same' | 'moved-on' | 'different' {
  const keys = Object.keys(table.sums) as (keyof PlaceChecksum)[];
  if (keys.every((key) => table.sums[key] === index.sums[key])) return 'same';
  return index.newestApplied > table.seenVersion ? 'moved-on' : 'different';
}

export const emptyChecksum = (): PlaceChecksum => ({
  places: 0,
  counters: 0,
  positions: 0,
  names: 0,
  attributes: 0,
  thumbnails: 0,
  closed: 0,
  equipment: 0,
  ids: 0,
});

/**
 * What the sums read of the place store (place-store.ts), named here rather than imported:
 * the store keeps its sums with this module's functions.
 */
export interface ChecksumSource {
  readonly size: number;
  readonly attributes: ArrayLike<number>;
  readonly upVotes: ArrayLike<number>;
  readonly downVotes: ArrayLike<number>;
  readonly visitCounts: ArrayLike<number>;
  readonly commentCounts: ArrayLike<number>;
  readonly latitudes: ArrayLike<number>;
  readonly longitudes: ArrayLike<number>;
  readonly factMasks: ArrayLike<number>;
  readonly closedUntilMs: ArrayLike<number>;
  readonly equipmentMasks: ArrayLike<number>;
  readonly idWords: ArrayLike<number>;
  nameByteLength(slot: number): number;
  thumbnailOf(slot: number): unknown;
  isRemoved(slot: number): boolean;
}

/**
 * Adds (sign 1) or takes away (sign -1) one present slot's part. Every part is an integer
 * and every sum stays below 2^53, so taking a part away leaves exactly the sum without it.
 */
export function countSlot(sums: PlaceChecksum, store: ChecksumSource, slot: number, sign: 1 | -1): void {
  const attributes = store.attributes[slot] ?? 0;
  sums.places += sign;
  sums.counters +=
    sign *
    ((store.upVotes[slot] ?? 0) +
      3 * (store.downVotes[slot] ?? 0) +
      7 * (store.visitCounts[slot] ?? 0) +
      11 * (store.commentCounts[slot] ?? 0));
  sums.positions +=
    sign *
    (Math.floor((store.latitudes[slot] ?? 0) * 1e6) + 3 * Math.floor((store.longitudes[slot] ?? 0) * 1e6));
  sums.names += sign * store.nameByteLength(slot);
  sums.attributes +=
    sign *
    (indoorState(attributes) +
      3 * freeState(attributes) +
      9 * ageMask(attributes) +
      144 * (store.factMasks[slot] ?? 0));
  if (store.thumbnailOf(slot) !== null) sums.thumbnails += sign;
  if ((store.closedUntilMs[slot] ?? 0) > 0) sums.closed += sign;
  sums.equipment += sign * (store.equipmentMasks[slot] ?? 0);
  sums.ids += sign * (store.idWords[slot * 4] ?? 0);
}

/** The sums over every present slot, counted afresh. */
export function storeChecksum(store: ChecksumSource): PlaceChecksum {
  const sums = emptyChecksum();
  for (let slot = 0; slot < store.size; slot++) {
    if (!store.isRemoved(slot)) countSlot(sums, store, slot, 1);
  }
  return sums;
}
