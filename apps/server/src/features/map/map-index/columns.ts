/** The place store's per-slot typed arrays, reordered in place. */

export type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * Puts entry `order[i]` (of `width` values) at i, for the first `order.length` entries.
 * Columns of 4- and 8-byte values are moved as 32-bit words, and each kind of array has a
 * loop of its own: one loop over several kinds of typed array runs several times slower.
 */
export function permute(column: Column, order: Uint32Array, width: number): void {
  const entryBytes = column.BYTES_PER_ELEMENT * width;
  if (entryBytes % 4 === 0) {
    const words = new Uint32Array(column.buffer, column.byteOffset, column.byteLength / 4);
    if (entryBytes === 4) permuteWords(words, order);
    else permuteWideWords(words, order, entryBytes / 4);
  } else if (column instanceof Uint16Array) {
    const before = column.slice(0, order.length);
    for (let to = 0; to < order.length; to++) column[to] = before[order[to] ?? 0] ?? 0;
  } else {
    const bytes = new Uint8Array(column.buffer, column.byteOffset, column.byteLength);
    const before = bytes.slice(0, order.length);
    for (let to = 0; to < order.length; to++) bytes[to] = before[order[to] ?? 0] ?? 0;
  }
}

function permuteWords(column: Uint32Array, order: Uint32Array): void {
  const before = column.slice(0, order.length);
  for (let to = 0; to < order.length; to++) column[to] = before[order[to] ?? 0] ?? 0;
}

function permuteWideWords(column: Uint32Array, order: Uint32Array, width: number): void {
  const before = column.slice(0, order.length * width);
  for (let to = 0; to < order.length; to++) {
    const from = (order[to] ?? 0) * width;
    for (let k = 0; k < width; k++) column[to * width + k] = before[from + k] ?? 0;
  }
}

/**
 * The heads (runs of bytes, three ends each: place-store.ts `headEnds`) put in `order`: a new
 * buffer of `used` bytes, and `ends` rewritten for it. One native copy a head (about 60
 * bytes: faster than a byte loop there).
 */
export function permuteHeads(bytes: Buffer, ends: Uint32Array, order: Uint32Array, used: number): Buffer {
  const heads = Buffer.allocUnsafe(used);
  const before = ends.slice(0, order.length * 3);
  let at = 0;
  for (let slot = 0; slot < order.length; slot++) {
    const added = order[slot] ?? 0;
    const start = added === 0 ? 0 : (before[added * 3 - 1] ?? 0);
    const shift = at - start;
    ends[slot * 3] = (before[added * 3] ?? 0) + shift;
    ends[slot * 3 + 1] = (before[added * 3 + 1] ?? 0) + shift;
    const end = before[added * 3 + 2] ?? 0;
    ends[slot * 3 + 2] = end + shift;
    at += bytes.copy(heads, at, start, end);
  }
  return heads;
}

/** Heads back to back in `bytes` (its first `used`), three ends a slot in `ends`. */
export interface Heads {
  bytes: Buffer;
  ends: Uint32Array;
  used: number;
}

function roomFor(heads: Heads, atMost: number): void {
  if (heads.used + atMost <= heads.bytes.length) return;
  const grown = Buffer.alloc(Math.max(1024, (heads.used + atMost) * 2));
  heads.bytes.copy(grown, 0, 0, heads.used);
  heads.bytes = grown;
}

/** A place's coordinates as the JSON text of the numbers (any text that reads back as them). */
export interface CoordinatesText {
  latitude: string;
  longitude: string;
}

/** Appends a slot's head: its name's UTF-8, then its coordinates' JSON text (ASCII). */
export function appendHead(
  heads: Heads,
  slot: number,
  name: string,
  latitude: string,
  longitude: string,
): void {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8; a double's text at most 25.
  roomFor(heads, name.length * 3 + 50);
  const { bytes, ends } = heads;
  let at = putAscii(bytes, heads.used, name);
  if (at < 0) at = heads.used + bytes.write(name, heads.used, 'utf8');
  ends[slot * 3] = at;
  at = putAscii(bytes, at, latitude);
  ends[slot * 3 + 1] = at;
  at = putAscii(bytes, at, longitude);
  ends[slot * 3 + 2] = heads.used = at;
}

/**
 * `text` at `at` when it is all ASCII (its UTF-8 is its char codes), returning where it ends;
 * -1 otherwise. A loop is cheaper than a native write's call for a few dozen characters.
 */
function putAscii(bytes: Buffer, at: number, text: string): number {
  let to = at;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    bytes[to++] = code;
  }
  return to;
}

/** Appends another store's head of slot `from` as slot `slot`'s. */
export function appendHeadOf(heads: Heads, slot: number, source: Heads, from: number): void {
  const start = from === 0 ? 0 : (source.ends[from * 3 - 1] ?? 0);
  const end = source.ends[from * 3 + 2] ?? 0;
  roomFor(heads, end - start);
  heads.bytes.set(source.bytes.subarray(start, end), heads.used);
  const shift = heads.used - start;
  for (let k = 0; k < 3; k++) heads.ends[slot * 3 + k] = (source.ends[from * 3 + k] ?? 0) + shift;
  heads.used = end + shift;
}
