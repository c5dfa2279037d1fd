/** The place store's per-slot typed arrays, reordered in place. */

export type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** Puts entry `order[i]` (of `width` values) at i, for the first `order.length` entries. */
export function permute(column: Column, order: Uint32Array, width: number): void {
  const before = column.slice(0, order.length * width);
  order.forEach((from, to) => {
    for (let k = 0; k < width; k++) column[to * width + k] = before[from * width + k] ?? 0;
  });
}
