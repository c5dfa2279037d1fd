/** What an upload carries, as the routes read it and the service stores it. */
import type { AddedBlurBoxes } from '@playspot/core';

/** What an upload request carries: the photo and the blur boxes its sender added. */
export interface UploadParts {
  photo: Buffer;
  blurBoxes: AddedBlurBoxes;
}
