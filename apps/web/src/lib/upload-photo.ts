/**
 * Sends one photo (multipart field `photo`) with upload progress. XMLHttpRequest rather than
 * fetch: only it reports upload progress, which the progress bars show. Errors become the
 * same ApiError as every other request.
 */
import { photoUploadResultSchema, type PhotoUploadResult } from '@playspot/core';
import { ApiError } from './api-client.ts';

/** Fraction sent, 0–1. */
export type UploadProgress = (fraction: number) => void;

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

export function uploadPhoto(
  url: string,
  photo: Blob,
  onProgress: UploadProgress,
): Promise<PhotoUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
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
        reject(error instanceof Error ? error : new Error('Unreadable upload response'));
      }
    });
    const networkError = () => {
      reject(
        new ApiError(0, 'network_error', 'The photo did not upload. Check your connection and try again.'),
      );
    };
    xhr.addEventListener('error', networkError);
    xhr.addEventListener('abort', networkError);
    const form = new FormData();
    form.append('photo', photo, photo instanceof File ? photo.name : 'photo.jpg');
    xhr.send(form);
  });
}
