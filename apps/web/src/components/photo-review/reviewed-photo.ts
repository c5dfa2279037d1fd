/**
 * A photo the person has looked at before sharing it (issue 21): the file to upload, the blur
 * boxes they added over faces the server's detector missed, and the picture to show for it
 * (the server's blurred preview; the local photo when it could not be checked, offline).
 */
import type { BlurBox } from '@playspot/core';

export interface ReviewPicture {
  /** A data URL (the server's preview) or an object URL (the local photo). */
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

export interface ReviewedPhoto {
  /**
   * What to upload: the photo downscaled in the browser (the original where it could not be),
   * under the name the person's file had.
   */
  readonly photo: File;
  /** Boxes added by tapping faces the detector missed; they go with the upload. */
  readonly blurBoxes: readonly BlurBox[];
  /** What to show for the photo; null when the browser could not show it. */
  readonly picture: ReviewPicture | null;
  /** Faces the server found and blurred; null when it could not look (offline). */
  readonly facesFound: number | null;
}

export interface PhotoReviewProps {
  /** The photos just picked, reviewed one after the other; empty when nothing is being reviewed. */
  readonly files: readonly File[];
  /** Called for each photo the person decides to use. */
  readonly onUse: (photo: ReviewedPhoto) => void;
  /** Called once every picked photo was used, skipped, or the review was closed. */
  readonly onClose: () => void;
}

/** Frees the memory an object URL of the local photo holds (a data URL needs nothing). */
export function releaseReviewedPhoto(photo: Pick<ReviewedPhoto, 'picture'> | null | undefined): void {
  const src = photo?.picture?.src;
  if (src?.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(src);
}
