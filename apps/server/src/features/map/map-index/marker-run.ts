/**
 * A viewport's markers written in one loop (issue 43, third round): the store's arrays are
 * read into locals once per answer instead of once per marker and field, and a plain marker
 * (a base place, its name as built and needing no escape, no live state) is written byte by
 * byte from them. Any other marker is written by place-bytes.ts's writeMarker; both write the
 * same bytes (place-bytes.test.ts compares every answer with JSON.stringify of its objects).
 */
import {
  BACKSLASH,
  FIXED_ROOM,
  kindsOf,
  MARKER,
  put,
  putNumber,
  putUuid,
  QUOTE,
  writeMarker,
  type AnswerBytes,
  type CoordinateText,
} from './place-bytes.ts';
import type { PlaceStore } from './place-store.ts';
import { LIVE_BIT } from './slot-attributes.ts';

/** The markers of `slots`, comma-separated, into `out`. */
export function writeMarkers(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  slots: readonly number[],
  nowMs: number,
): void {
  const { idWords, headEnds, attributes, agePacked, upVotes, downVotes } = store;
  // Name, latitude and longitude side by side (place-store.ts `headBytes`).
  const heads = store.baseHeadBytes;
  const plainBelow = Math.min(coordinates.count, store.baseCount);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] ?? 0;
    if (i > 0) out.byte(0x2c);
    const slotAttributes = attributes[slot] ?? 0;
    if (slot >= plainBelow || (slotAttributes & LIVE_BIT) !== 0 || store.isRenamed(slot)) {
      writeMarker(out, store, coordinates, slot, nowMs);
      continue;
    }
    const start = slot === 0 ? 0 : (headEnds[slot * 3 - 1] ?? 0);
    const end = headEnds[slot * 3] ?? 0;
    const buffer = out.room(end - start + FIXED_ROOM);
    const markerAt = out.length;
    let at = put(buffer, markerAt, MARKER.id);
    at = putUuid(buffer, at, idWords, slot * 4);
    at = put(buffer, at, MARKER.name);
    buffer[at++] = QUOTE;
    let plain = true;
    for (let b = start; b < end; b++) {
      const byte = heads[b] ?? 0;
      if (byte < 0x20 || byte === QUOTE || byte === BACKSLASH) {
        plain = false;
        break;
      }
      buffer[at++] = byte;
    }
    if (!plain) {
      // A name JSON must escape: writeMarker writes it through JSON.stringify.
      out.length = markerAt;
      writeMarker(out, store, coordinates, slot, nowMs);
      continue;
    }
    buffer[at++] = QUOTE;
    at = put(buffer, at, MARKER.latitude);
    const latitudeEnd = headEnds[slot * 3 + 1] ?? 0;
    for (let b = end; b < latitudeEnd; b++) buffer[at++] = heads[b] ?? 0;
    at = put(buffer, at, MARKER.longitude);
    for (let b = latitudeEnd, stop = headEnds[slot * 3 + 2] ?? 0; b < stop; b++) buffer[at++] = heads[b] ?? 0;
    at = put(buffer, at, kindsOf(slotAttributes, agePacked[slot] ?? 0));
    at = put(buffer, at, MARKER.up);
    at = putNumber(buffer, at, upVotes[slot] ?? 0);
    at = put(buffer, at, MARKER.down);
    at = putNumber(buffer, at, downVotes[slot] ?? 0);
    buffer[at++] = 0x7d;
    buffer[at++] = 0x7d;
    out.length = at;
  }
}
