/** The place store's per-slot typed arrays, reordered in place. */

export type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * Puts entry `order[i]` (of `width` values) at i, for the first `order.length` entries.
 * Columns of 4- and 8-byte values are moved as 32-bit words, so the loop sees three kinds of
 * array, not five (a loop over five kinds of typed array runs several times slower).
 */
export function permute(column: Column, order: Uint32Array, width: number): void {
  const entryBytes = column.BYTES_PER_ELEMENT * width;
  if (entryBytes % 4 === 0) {
    const words = new Uint32Array(column.buffer, column.byteOffset, column.byteLength / 4);
    permuteEntries(words, order, entryBytes / 4);
  } else {
    permuteEntries(column as Uint16Array | Uint8Array, order, width);
  }
}

function permuteEntries(
  column: Uint32Array | Uint16Array | Uint8Array,
  order: Uint32Array,
  width: number,
): void {
  const before = column.slice(0, order.length * width);
  for (let to = 0; to < order.length; to++) {
    const from = (order[to] ?? 0) * width;
    for (let k = 0; k < width; k++) column[to * width + k] = before[from + k] ?? 0;
  }
}
