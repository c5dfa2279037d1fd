/**
 * One photo's way to the review: downscaled in the browser (what will be uploaded), shown from a
 * local object URL, and sent to the server, which answers how it would be published (faces
 * blurred). Offline, or when the preview cannot reach the server, the local photo stands in and
 * the server is asked again as soon as the connection is back.
 */
import type { PhotoPreview } from '@playspot/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import type { PhotoPreviewer } from '../../lib/api/preview-photo.ts';
import { apiErrorMessage } from '../../lib/handle-error.ts';
import { isOnline, onConnectivityChange } from '../../platform/network.ts';
import type { ReviewPicture } from './reviewed-photo.ts';

/** Where the server's look at the photo stands. */
export type FaceCheck =
  | { readonly kind: 'checking' }
  | { readonly kind: 'checked'; readonly preview: PhotoPreview }
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed'; readonly message: string; readonly canRetry: boolean };

/** The photo as it will be uploaded (downscaled in the browser), and an object URL of it. */
export interface LocalPhoto {
  readonly file: File;
  readonly url: string | null;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Errors that another try will not mend: the file itself is refused. */
const PERMANENT = new Set([
  'unsupported_image',
  'image_too_large',
  'invalid_image',
  'file_too_large',
  'payload_too_large',
  'unsupported_media_type',
]);
/** Until the local photo has loaded its size is not known: a common photo shape meanwhile. */
export const UNKNOWN_SIZE: Size = { width: 4, height: 3 };

function failureOf(error: unknown, fallback: string): FaceCheck {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: fallback, canRetry: true };
  if (error.code === 'network_error') return { kind: 'offline' };
  return { kind: 'failed', message: apiErrorMessage(error), canRetry: !PERMANENT.has(error.code) };
}

function objectUrl(blob: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
}

function revoke(url: string | null): void {
  if (url !== null && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

export interface FaceCheckState {
  /** The downscaled photo; null while it is being prepared. */
  readonly local: LocalPhoto | null;
  readonly check: FaceCheck;
  /** What to show: the server's preview once checked, else the local photo (null until ready). */
  readonly picture: ReviewPicture | null;
  /** The local photo's real size, once the browser has loaded it. */
  readonly onLocalSize: (size: Size) => void;
  /** Asks the server again ('Try again'). */
  readonly retry: () => void;
  /** The local photo's object URL goes to the parent with the photo: not to be freed here. */
  readonly handOver: (url: string) => void;
}

export function useFaceCheck(
  chosen: File,
  preview: PhotoPreviewer,
  prepare: (file: File) => Promise<Blob>,
): FaceCheckState {
  const { t } = useTranslation('photo-review');
  const [local, setLocal] = useState<LocalPhoto | null>(null);
  const [localSize, setLocalSize] = useState<Size | null>(null);
  const [check, setCheck] = useState<FaceCheck>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // The object URL handed to the parent with a photo used offline: theirs to free now.
  const handedOver = useRef<string | null>(null);

  // Downscale the chosen photo (what will be uploaded) and make a URL to show it.
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    void prepare(chosen)
      .catch(() => chosen)
      .then((blob) => {
        if (cancelled) return;
        const file =
          blob instanceof File
            ? blob
            : new File([blob], chosen.name, { type: blob.type === '' ? chosen.type : blob.type });
        url = objectUrl(file);
        setLocal({ file, url });
      });
    return () => {
      cancelled = true;
      if (url !== handedOver.current) revoke(url);
    };
  }, [chosen, prepare]);

  // Ask the server how the photo would be published (again after 'Try again').
  useEffect(() => {
    if (local === null) return;
    if (!isOnline()) {
      setCheck({ kind: 'offline' });
      return;
    }
    const controller = new AbortController();
    setCheck({ kind: 'checking' });
    preview(local.file, [], controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setCheck({ kind: 'checked', preview: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setCheck(failureOf(error, t('checkFailed')));
      },
    );
    return () => {
      controller.abort();
    };
  }, [local, attempt, preview, t]);

  // Offline: look again as soon as the connection is back.
  const offline = check.kind === 'offline';
  useEffect(() => {
    if (!offline) return;
    return onConnectivityChange(() => {
      if (isOnline()) setAttempt((count) => count + 1);
    });
  }, [offline]);

  const picture: ReviewPicture | null =
    check.kind === 'checked'
      ? { src: check.preview.preview, width: check.preview.width, height: check.preview.height }
      : local?.url
        ? { src: local.url, ...(localSize ?? UNKNOWN_SIZE) }
        : null;

  return {
    local,
    check,
    picture,
    onLocalSize: setLocalSize,
    retry: () => {
      setAttempt((count) => count + 1);
    },
    handOver: (url) => {
      handedOver.current = url;
    },
  };
}
