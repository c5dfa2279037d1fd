/**
 * POST /api/locations/:id/comments/:commentId/photo, with upload progress and the blur boxes
 * the person added (the server blurs them with the faces it finds).
 */
import type { BlurBox, PhotoUploadResult } from '@playspot/core';
import { uploadPhoto, type UploadProgress } from '../../../lib/upload-photo.ts';

export type { UploadProgress };

export function uploadCommentPhoto(
  locationId: string,
  commentId: string,
  photo: Blob,
  onProgress: UploadProgress,
  blurBoxes: readonly BlurBox[] = [],
): Promise<PhotoUploadResult> {
  const url = `/api/locations/${encodeURIComponent(locationId)}/comments/${encodeURIComponent(commentId)}/photo`;
  return uploadPhoto(url, photo, onProgress, blurBoxes);
}
