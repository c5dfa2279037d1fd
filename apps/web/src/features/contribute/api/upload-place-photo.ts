/**
 * POST /api/locations/:id/photos, with upload progress for the form's progress bars and the
 * blur boxes the person added (the server blurs them with the faces it finds).
 */
import type { BlurBox, PhotoUploadResult } from '@playspot/core';
import { uploadPhoto, type UploadProgress } from '../../../lib/upload-photo.ts';

export type { UploadProgress };

export type PhotoUploader = (
  locationId: string,
  photo: Blob,
  onProgress: UploadProgress,
  blurBoxes: readonly BlurBox[],
) => Promise<PhotoUploadResult>;

export const uploadPlacePhoto: PhotoUploader = (locationId, photo, onProgress, blurBoxes) =>
  uploadPhoto(`/api/locations/${encodeURIComponent(locationId)}/photos`, photo, onProgress, blurBoxes);
