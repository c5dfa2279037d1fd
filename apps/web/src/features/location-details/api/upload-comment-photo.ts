/**
 * POST /api/locations/:id/comments/:commentId/photo with upload progress. fetch() cannot
 * report upload progress, so this one request uses XMLHttpRequest; errors become the same
 * ApiError as everywhere else.
 */
import { photoUploadResultSchema, type PhotoUploadResult } from '@playspot/core';
import { ApiError } from '../../../lib/api-client.ts';

/** Fraction sent, 0–1. */
export type UploadProgress = (fraction: number) => void;

function errorFrom(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string')
      return new ApiError(xhr.status, code, message);
  } catch {
    // Not our error shape; fall through.
  }
  return new ApiError(xhr.status, 'http_error', `The server answered ${xhr.status}.`);
}

export function uploadCommentPhoto(
  locationId: string,
  commentId: string,
  photo: File,
  onProgress: UploadProgress,
): Promise<PhotoUploadResult> {
  const url = `/api/locations/${encodeURIComponent(locationId)}/comments/${encodeURIComponent(commentId)}/photo`;
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
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
        reject(error instanceof Error ? error : new Error('Unreadable upload answer'));
      }
    });
    const networkError = () => {
      reject(
        new ApiError(0, 'network_error', 'The photo did not upload. Check your connection and try again.'),
      );
    };
    xhr.addEventListener('error', networkError);
    xhr.addEventListener('abort', networkError);
    xhr.send(form);
  });
}
