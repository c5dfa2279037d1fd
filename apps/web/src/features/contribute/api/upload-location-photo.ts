/**
 * POST /api/locations/:id/photos (multipart field `photo`). XMLHttpRequest rather than
 * fetch: only it reports upload progress, which the progress bars show.
 */
import { photoUploadResultSchema, type PhotoUploadResult } from '@playspot/core';
import { ApiError } from '../../../lib/api-client.ts';

export type UploadProgress = (fraction: number) => void;

export type PhotoUploader = (
  locationId: string,
  photo: Blob,
  onProgress: UploadProgress,
) => Promise<PhotoUploadResult>;

function errorFrom(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string')
      return new ApiError(xhr.status, code, message);
  } catch {
    // Not our error shape: fall through.
  }
  return new ApiError(xhr.status, 'http_error', `The photo upload failed (${xhr.status}).`);
}

export const uploadLocationPhoto: PhotoUploader = (locationId, photo, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/locations/${encodeURIComponent(locationId)}/photos`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFrom(xhr));
        return;
      }
      try {
        onProgress(1);
        resolve(photoUploadResultSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('Unreadable upload response'));
      }
    });
    xhr.addEventListener('error', () => {
      reject(
        new ApiError(0, 'network_error', 'The photo did not upload. Check your connection and try again.'),
      );
    });
    const form = new FormData();
    const name = photo instanceof File ? photo.name : 'photo.jpg';
    form.append('photo', photo, name);
    xhr.send(form);
  });
