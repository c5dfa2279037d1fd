/**
 * Sends one photo (multipart field `photo`) with upload progress. XMLHttpRequest rather than
 * fetch: only it reports upload progress, which the progress bars show. Errors become the
 * same ApiError as every other request, with the server's message for the person.
 *
 * The server finds faces and blurs them before storing anything (issue 21); the blur boxes the
 * person added by tapping faces it missed go along as the field `blurBoxes` (a JSON array of
 * fractions of the picture), before the photo.
 *
 * When the server is busy with other people's photos it answers 503 with Retry-After; the
 * upload then waits that long (up to MAX_RETRY_WAIT_SECONDS) and tries once more before
 * giving up with the server's "try again in a few seconds" message.
 */
import { type BlurBox, type PhotoUploadResult } from '@playspot/core';
import {
  ApiError,
  apiErrorFrom,
  apiUrl,
  checkedBy,
  requestCredentials,
  sessionHeaders,
} from './api-client.ts';

/** Fraction sent, 0–1. */
export type UploadProgress = (fraction: number) => void;

/** A longer pause asked for is not waited out: the person sees the message instead. */
export const MAX_RETRY_WAIT_SECONDS = 10;

/** Seconds the server asked us to wait before trying again, when it was busy (503). */
function retryAfterSeconds(xhr: XMLHttpRequest): number | null {
  if (xhr.status !== 503) return null;
  const header = xhr.getResponseHeader('retry-after');
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_RETRY_WAIT_SECONDS ? seconds : null;
}

/** An answered upload: stored, or refused with the server's error (and when to retry, if busy). */
type Attempt =
  { ok: true; result: PhotoUploadResult } | { ok: false; error: ApiError; retryAfterSeconds: number | null };

export async function uploadPhoto(
  url: string,
  photo: Blob,
  onProgress: UploadProgress,
  blurBoxes: readonly BlurBox[] = [],
): Promise<PhotoUploadResult> {
  const form = photoForm(photo, blurBoxes);
  const first = await sendPhoto(url, form, onProgress);
  if (first.ok) return first.result;
  const waitSeconds = first.retryAfterSeconds;
  if (waitSeconds === null) throw first.error;
  await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
  onProgress(0);
  const second = await sendPhoto(url, form, onProgress);
  if (second.ok) return second.result;
  throw second.error;
}

/**
 * The multipart body: the added blur boxes (when there are any), then the photo. The server
 * reads both in any order; boxes first let it know them before the file's bytes arrive.
 */
export function photoForm(photo: Blob, blurBoxes: readonly BlurBox[] = []): FormData {
  const form = new FormData();
  if (blurBoxes.length > 0) {
    const boxes = blurBoxes.map(({ x, y, width, height }) => ({ x, y, width, height }));
    form.append('blurBoxes', JSON.stringify(boxes));
  }
  form.append('photo', photo, photo instanceof File ? photo.name : 'photo.jpg');
  return form;
}

/** One try; rejects only when no answer came (network) or the answer was unreadable. */
function sendPhoto(url: string, form: FormData, onProgress: UploadProgress): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(url));
    xhr.responseType = 'text';
    // The cookie on the web (same origin); the bearer token from the app, never cookies.
    xhr.withCredentials = requestCredentials !== 'omit';
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        resolve({
          ok: false,
          error: apiErrorFrom(xhr.status, xhr.responseText, `The photo upload failed (${xhr.status}).`),
          retryAfterSeconds: retryAfterSeconds(xhr),
        });
        return;
      }
      onProgress(1);
      checkedBy('photoUploadResultSchema')()
        .then((schema) => {
          resolve({ ok: true, result: schema.parse(JSON.parse(xhr.responseText)) });
        })
        .catch((error: unknown) => {
          reject(error instanceof Error ? error : new Error('Unreadable upload response'));
        });
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
