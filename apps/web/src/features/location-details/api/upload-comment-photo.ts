/** POST /api/locations/:id/comments/:commentId/photo, with upload progress. */
import type { PhotoUploadResult } from '@playspot/core';
import { uploadPhoto, type UploadProgress } from '../../../lib/upload-photo.ts';

export type { UploadProgress };

export function uploadCommentPhoto(
  locationId: string,
  commentId: string,
  photo: File,
  onProgress: UploadProgress,
): Promise<PhotoUploadResult> {
  const url = `/api/locations/${encodeURIComponent(locationId)}/comments/${encodeURIComponent(commentId)}/photo`;
  return uploadPhoto(url, photo, onProgress);
}
