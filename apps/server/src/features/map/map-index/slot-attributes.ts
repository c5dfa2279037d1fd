/**
 * A slot's attributes: its yes/no and tri-state fields packed in 16 bits, which the filter
 * test reads as bit masks and the cluster grid groups by.
 */
import { ageMaskOf, popularPlace, triState, type MapPlace } from './map-place.ts';

/** Attribute bits of a slot. */
const INDOOR_SHIFT = 0; // 2 bits: tri-state
const FREE_SHIFT = 2; // 2 bits: tri-state
const AGE_SHIFT = 4; // 4 bits: AGE_RANGES mask
export const POPULAR_BIT = 1 << 8;
export const HAS_EVENTS_BIT = 1 << 9;
export const REMOVED_BIT = 1 << 10;
/**
 * Whether the place has public events or live conditions, and a summary photo: a read tests
 * a bit of the slot it already reads instead of looking the slot up in a map of a hundred
 * thousand entries (issue 43).
 */
export const LIVE_BIT = 1 << 11;
export const THUMBNAIL_BIT = 1 << 12;
/** The bits the cluster grid groups by: indoor, free, ages and popular. */
export const GROUP_ATTRIBUTES = (1 << 9) - 1;

export function attributesOf(place: MapPlace): number {
  return (
    (triState(place.indoor) << INDOOR_SHIFT) |
    (triState(place.free) << FREE_SHIFT) |
    (ageMaskOf(place.ageRanges) << AGE_SHIFT) |
    (popularPlace(place) ? POPULAR_BIT : 0) |
    (place.hasEvents ? HAS_EVENTS_BIT : 0) |
    (place.live ? LIVE_BIT : 0) |
    (place.thumbnailKey ? THUMBNAIL_BIT : 0)
  );
}

/** An attribute bit never set: an age test on it matches no place (an unknown range). */
const NEVER_BIT = 1 << 15;

/**
 * The tri-states, popularity and age range of a filter test as bit masks over a slot's
 * attributes (issue 43): a slot passes when `(attributes & mask) === value` and, if
 * `ageBits` is not 0, `attributes & ageBits` is not 0. Removed slots never pass.
 */
export function attributeTestOf(test: { indoor: number; free: number; ageBit: number; popular: boolean }): {
  mask: number;
  value: number;
  ageBits: number;
} {
  let mask = REMOVED_BIT;
  let value = 0;
  if (test.indoor !== 0) {
    mask |= 3 << INDOOR_SHIFT;
    value |= test.indoor << INDOOR_SHIFT;
  }
  if (test.free !== 0) {
    mask |= 3 << FREE_SHIFT;
    value |= test.free << FREE_SHIFT;
  }
  if (test.popular) {
    mask |= POPULAR_BIT;
    value |= POPULAR_BIT;
  }
  const ageBits = test.ageBit === 0 ? 0 : test.ageBit > 15 ? NEVER_BIT : test.ageBit << AGE_SHIFT;
  return { mask, value, ageBits };
}

export const indoorState = (attributes: number) => (attributes >> INDOOR_SHIFT) & 3;
export const freeState = (attributes: number) => (attributes >> FREE_SHIFT) & 3;
export const ageMask = (attributes: number) => (attributes >> AGE_SHIFT) & 15;
