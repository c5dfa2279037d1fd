/**
 * The photos chosen on the add/edit form: each is downscaled, then uploaded one after the
 * other once the place exists, with its own progress. A failed photo stays in the queue
 * with its message so the person can try it again or remove it; uploaded ones are kept.
 */
import type { PhotoUploadResult } from '@playspot/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadLocationPhoto, type PhotoUploader } from '../api/upload-location-photo.ts';
import { downscaleImage } from '../utils/downscale-image.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

export type PhotoStatus = 'waiting' | 'preparing' | 'uploading' | 'done' | 'failed';

export interface QueuedPhoto {
  readonly id: string;
  readonly file: File;
  /** An object URL for the thumbnail; null where the browser cannot make one. */
  readonly previewUrl: string | null;
  readonly status: PhotoStatus;
  /** 0–1 while uploading. */
  readonly progress: number;
  readonly error: string | null;
}

export interface PhotoQueueOptions {
  readonly upload?: PhotoUploader;
  readonly prepare?: (file: File) => Promise<Blob>;
  /** Called after each photo is stored (points, analytics). */
  readonly onUploaded?: (result: PhotoUploadResult) => void;
}

export interface UploadSummary {
  readonly uploaded: readonly PhotoUploadResult[];
  readonly failed: number;
}

let nextId = 0;

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

export function usePhotoQueue(options: PhotoQueueOptions = {}) {
  const { upload = uploadLocationPhoto, prepare = downscaleImage, onUploaded } = options;
  const [photos, setPhotos] = useState<readonly QueuedPhoto[]>([]);
  // The latest list for the upload loop, which outlives many renders.
  const current = useRef<readonly QueuedPhoto[]>([]);
  current.current = photos;

  const patch = useCallback((id: string, change: Partial<QueuedPhoto>) => {
    setPhotos((list) => list.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)));
  }, []);

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      for (const photo of current.current) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const add = useCallback((files: Iterable<File>) => {
    const added = [...files]
      .filter((file) => file.type === '' || file.type.startsWith('image/'))
      .map<QueuedPhoto>((file) => ({
        id: `photo-${++nextId}`,
        file,
        previewUrl: previewOf(file),
        status: 'waiting',
        progress: 0,
        error: null,
      }));
    setPhotos((list) => [...list, ...added]);
    return added.length;
  }, []);

  const remove = useCallback((id: string) => {
    setPhotos((list) => {
      const gone = list.find((photo) => photo.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((photo) => photo.id !== id);
    });
  }, []);

  /** Uploads every photo not yet stored, in order; resolves when all have finished or failed. */
  const uploadAll = useCallback(
    async (locationId: string): Promise<UploadSummary> => {
      const uploaded: PhotoUploadResult[] = [];
      let failed = 0;
      for (const photo of current.current.filter((item) => item.status !== 'done')) {
        try {
          patch(photo.id, { status: 'preparing', progress: 0, error: null });
          const prepared = await prepare(photo.file);
          patch(photo.id, { status: 'uploading' });
          const result = await upload(locationId, prepared, (fraction) => {
            patch(photo.id, { progress: fraction });
          });
          patch(photo.id, { status: 'done', progress: 1 });
          uploaded.push(result);
          onUploaded?.(result);
        } catch (error) {
          failed += 1;
          const message =
            error instanceof ApiError ? apiErrorMessage(error) : i18n.t('contribute:photos.uploadFailed');
          patch(photo.id, { status: 'failed', error: message });
        }
      }
      return { uploaded, failed };
    },
    [patch, prepare, upload, onUploaded],
  );

  return { photos, add, remove, uploadAll };
}
