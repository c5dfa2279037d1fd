/** POST /api/locations/:id/photos, with upload progress for the form's progress bars. */
import type { PhotoUploadResult } from '@playspot/core';
import { uploadPhoto, type UploadProgress } from '../../../lib/upload-photo.ts';

export type { UploadProgress };

export type PhotoUploader = (
  locationId: string,
  photo: Blob,
  onProgress: UploadProgress,
) => Promise<PhotoUploadResult>;

export const uploadLocationPhoto: PhotoUploader = (locationId, photo, onProgress) =>
  uploadPhoto(`/api/locations/${encodeURIComponent(locationId)}/photos`, photo, onProgress);
