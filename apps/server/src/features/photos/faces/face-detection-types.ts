/** What the face detection worker is given and answers (structured-clone data only). */

/** A box as fractions (0–1) of the picture's width and height, from its top left. */
export interface NormalisedBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The detector's confidence, 0–1 (absent for boxes a person drew). */
  score?: number;
}

/** A part of the picture to search on its own, in pixels of the detection copy. */
export interface DetectionRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A picture as packed RGB bytes (transferred to the worker, not copied). */
export interface RgbPicture {
  pixels: ArrayBuffer;
  width: number;
  height: number;
}

export interface DetectionJob {
  /** The whole picture scaled down to the detector's input size, for the larger faces. */
  overview: RgbPicture;
  /** The picture at full size, searched tile by tile for the smaller faces. */
  picture: RgbPicture;
  /** Overlapping tiles of `picture`, at most the input size each; none for a small picture. */
  tiles: DetectionRegion[];
  /** The detector's input size (a multiple of 32): each region is scaled to it. */
  inputSize: number;
  minScore: number;
}
