/**
 * Where a photo is blurred (issue 21): the regions a face detector searches, how its boxes are
 * merged and widened into blur areas, and the box a person adds by tapping a face it missed.
 * Boxes are fractions (0–1) of the picture's width and height, from its top left, so the
 * browser's preview, the server's display image and the thumbnail all share them.
 */

export interface BlurBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The detector's input size, and its tiles' size, so a tile is searched at full size. 416
 * found as many faces of the test set as 640 did, and none on the cat, at a third of the
 * worker's memory (bench/face-detection.ts).
 */
export const FACE_DETECTOR_INPUT = 416;
/**
 * Long side of the copy searched for faces: the display image's own size, so its 640-px tiles
 * show a child far away at full size. A 1280-px copy took 993 ms per phone photo instead of
 * 1367 ms but found 20 of the test set's 26 faces instead of 23 (bench/face-detection.ts).
 */
export const FACE_DETECTION_COPY_SIZE = 1600;
/**
 * Tiles overlap by this much, so a face up to this size on a seam is whole in one of them;
 * larger faces are found on the whole picture.
 */
export const FACE_TILE_OVERLAP = 104;
/** Blur reaches this share of the face's size beyond the detector's box (hair, ears, chin). */
export const FACE_BLUR_MARGIN = 0.3;
/** A tapped box's side, as a share of the picture's shorter side. */
export const TAPPED_BOX_SHARE = 0.16;
/** Most boxes a person may add to one photo. */
export const MAX_ADDED_BLUR_BOXES = 20;

/**
 * The whole picture, then (when it is larger than the detector's input) overlapping tiles of
 * that size covering it, so a face of 20 px in the copy is searched at 20 px, not 5.
 */
export function detectionRegions(
  width: number,
  height: number,
  tile = FACE_DETECTOR_INPUT,
  overlap = FACE_TILE_OVERLAP,
): PixelRegion[] {
  const whole = { left: 0, top: 0, width, height };
  if (width <= tile && height <= tile) return [whole];
  return [
    whole,
    ...tileStarts(width, tile, overlap).flatMap((left) =>
      tileStarts(height, tile, overlap).map((top) => ({
        left,
        top,
        width: Math.min(tile, width - left),
        height: Math.min(tile, height - top),
      })),
    ),
  ];
}

/** Evenly spread starts of tiles of `tile` px covering `length` px with at least `overlap`. */
function tileStarts(length: number, tile: number, overlap: number): number[] {
  if (length <= tile) return [0];
  const count = Math.ceil((length - overlap) / (tile - overlap));
  const step = (length - tile) / (count - 1);
  return Array.from({ length: count }, (_, index) => Math.round(index * step));
}

const area = (box: BlurBox) => box.width * box.height;

function intersection(a: BlurBox, b: BlurBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The smallest box holding both. */
function union(a: BlurBox, b: BlurBox): BlurBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * One box per face: the same face found on the whole picture and on a tile (or on two tiles)
 * gives overlapping boxes, which become the box holding them all. Boxes overlap when their
 * intersection is at least `share` of the smaller one.
 */
export function mergeFaceBoxes(boxes: readonly BlurBox[], share = 0.3): BlurBox[] {
  const merged: BlurBox[] = [];
  for (const box of boxes) {
    let current: BlurBox = { x: box.x, y: box.y, width: box.width, height: box.height };
    // A grown box may now overlap boxes kept earlier: take them in until nothing changes.
    for (let index = merged.length - 1; index >= 0; index--) {
      const other = merged[index] as BlurBox;
      if (intersection(current, other) >= share * Math.min(area(current), area(other))) {
        current = union(current, other);
        merged.splice(index, 1);
        index = merged.length;
      }
    }
    merged.push(current);
  }
  return merged;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The box clipped to the picture; null when nothing of it is inside. */
export function clipBox(box: BlurBox): BlurBox | null {
  const x = clamp01(box.x);
  const y = clamp01(box.y);
  const right = clamp01(box.x + box.width);
  const bottom = clamp01(box.y + box.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * The area blurred for a detected face: its box widened by `margin` of its size on each side
 * (a detector's box ends at the hairline and the chin), clipped to the picture.
 */
export function blurAreaOf(box: BlurBox, margin = FACE_BLUR_MARGIN): BlurBox | null {
  return clipBox({
    x: box.x - box.width * margin,
    y: box.y - box.height * margin,
    width: box.width * (1 + 2 * margin),
    height: box.height * (1 + 2 * margin),
  });
}

/**
 * The box added where a person tapped a face the detector missed: a square of
 * TAPPED_BOX_SHARE of the picture's shorter side, centred on the tap and kept inside.
 * `aspect` is the picture's width divided by its height.
 */
export function tappedBox(at: { x: number; y: number }, aspect: number): BlurBox {
  // A square in pixels: its side is the share of the shorter side, in each axis's fraction.
  const width = aspect >= 1 ? TAPPED_BOX_SHARE / aspect : TAPPED_BOX_SHARE;
  const height = aspect >= 1 ? TAPPED_BOX_SHARE : TAPPED_BOX_SHARE * aspect;
  const fit = (centre: number, size: number) => Math.min(1 - size, Math.max(0, centre - size / 2));
  return { x: fit(at.x, width), y: fit(at.y, height), width, height };
}

/** A box's pixels in a picture of the given size: whole pixels covering all of it. */
export function toPixelRegion(box: BlurBox, width: number, height: number): PixelRegion | null {
  // Within a millionth of a pixel counts as on it: 0.301 × 1000 is 301.00000000000006.
  const down = (value: number) => Math.floor(value + 1e-6);
  const up = (value: number) => Math.ceil(value - 1e-6);
  const left = Math.max(0, down(box.x * width));
  const top = Math.max(0, down(box.y * height));
  const right = Math.min(width, up((box.x + box.width) * width));
  const bottom = Math.min(height, up((box.y + box.height) * height));
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}
