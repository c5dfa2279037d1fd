/**
 * POST /api/photos/preview: the photo as it would be published, with the faces the server
 * found blurred (and the boxes already added, if any), at most 800 px, as a data URL. Nothing
 * is stored. Multipart like the uploads: the field `blurBoxes` before the field `photo`.
 */
import { type BlurBox, type PhotoPreview } from '@playspot/core';
import { apiRequest, checkedBy } from '../api-client.ts';
import { photoForm } from '../upload-photo.ts';

export type { PhotoPreview };

export type PhotoPreviewer = (
  photo: Blob,
  blurBoxes: readonly BlurBox[],
  signal?: AbortSignal,
) => Promise<PhotoPreview>;

export const previewPhoto: PhotoPreviewer = (photo, blurBoxes, signal) =>
  apiRequest('/api/photos/preview', {
    method: 'POST',
    body: photoForm(photo, blurBoxes),
    lazySchema: checkedBy('photoPreviewSchema'),
    signal,
  });
