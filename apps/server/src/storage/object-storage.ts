/**
 * Where uploaded files live: a folder on the server's disk, or an S3-compatible bucket.
 *
 * Keys are relative paths such as `locations/<id>/<uuid>.webp`, made by the server (never
 * from a client's file name). Bodies are small processed images, so `get` returns the whole
 * body as a Buffer rather than a stream: it keeps callers and tests simple, and the largest
 * object is a display photo of a few hundred kilobytes.
 */

import { AppError } from '../lib/errors.ts';

export const STORAGE_UNAVAILABLE_MESSAGE =
  'Photos cannot be saved or loaded right now: our file storage is not answering. Nothing was saved; please try again in a few minutes.';

/**
 * The photo store failed (a disk that is full, read-only or gone; an S3 service that does not
 * answer): 503 with Retry-After, the cause logged, nothing recorded.
 */
export class StorageUnavailableError extends AppError {
  override name = 'StorageUnavailableError';
  constructor(cause: unknown) {
    super(503, 'storage_unavailable', STORAGE_UNAVAILABLE_MESSAGE);
    this.cause = cause;
  }
}

export interface StoredObject {
  body: Buffer;
  /** The content type given to `put`. */
  contentType: string;
}

export interface ObjectStorage {
  /** Stores `body` under `key`, replacing any object there. Readers see the old or the new object, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (e.g. `locations/<id>/` when a
   * place is deleted). An empty prefix is refused so no caller can wipe the store by mistake.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL a browser downloads the object from: `/api/files/<key>` or a public bucket URL. */
  url(key: string): string;
}

/** The route that serves stored files when the store has no public URL of its own. */
export const FILES_ROUTE_PREFIX = '/api/files/';

const MAX_KEY_LENGTH = 512;
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/**
 * A key is one or more `/`-separated segments of letters, digits, `.`, `_` and `-`; no empty,
 * `.` or `..` segment, so it can name neither an absolute path nor anything outside the store.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) {
    throw new InvalidStorageKeyError(`Invalid storage key ${JSON.stringify(key)}`);
  }
}

/** A prefix is a key, optionally ending with `/` (a whole folder). */
export function assertValidStoragePrefix(prefix: string): void {
  const withoutSlash = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isValidStorageKey(withoutSlash)) {
    throw new InvalidStorageKeyError(`Invalid storage prefix ${JSON.stringify(prefix)}`);
  }
}

/** Content types by file extension, for objects stored without one. */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'webp':
      return 'image/webp';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    default:
      return 'application/octet-stream';
  }
}
