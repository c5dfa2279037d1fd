/**
 * The photos chosen on the add/edit form, each already reviewed (downscaled, checked for faces,
 * with the blur boxes the person added: components/photo-review), then uploaded one after the
 * other once the place exists, each with its own progress and its blur boxes. A failed photo
 * stays in the queue with its message and its boxes so the person can try it again or remove
 * it; uploaded ones are kept.
 */
import type { BlurBox, PhotoUploadResult } from '@playspot/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadPlacePhoto, type PhotoUploader } from '../api/upload-place-photo.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { apiErrorMessage } from '../../../lib/handle-error.ts';
import {
  releaseReviewedPhoto,
  type ReviewedPhoto,
  type ReviewPicture,
} from '../../../components/photo-review/photo-review.tsx';

export type PhotoStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface QueuedPhoto {
  readonly id: string;
  /** The photo as it will be uploaded (downscaled when it was reviewed). */
  readonly file: File;
  /** Boxes the person added over faces the detector missed; sent with the upload. */
  readonly blurBoxes: readonly BlurBox[];
  /** The thumbnail: the server's blurred preview (the local photo if it was offline). */
  readonly picture: ReviewPicture | null;
  readonly status: PhotoStatus;
  /** 0–1 while uploading. */
  readonly progress: number;
  readonly error: string | null;
}

export interface PhotoQueueOptions {
  readonly upload?: PhotoUploader;
  /** Called after each photo is stored (points, analytics). */
  readonly onUploaded?: (result: PhotoUploadResult) => void;
}

export interface UploadSummary {
  readonly uploaded: readonly PhotoUploadResult[];
  readonly failed: number;
}

let nextId = 0;

export function usePhotoQueue(options: PhotoQueueOptions = {}) {
  const { upload = uploadPlacePhoto, onUploaded } = options;
  const [photos, setPhotos] = useState<readonly QueuedPhoto[]>([]);
  // The latest list for the upload loop, which outlives many renders.
  const current = useRef<readonly QueuedPhoto[]>([]);
  current.current = photos;

  const patch = useCallback((id: string, change: Partial<QueuedPhoto>) => {
    setPhotos((list) => list.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)));
  }, []);

  // A local photo's object URL holds it in memory until revoked.
  useEffect(
    () => () => {
      for (const photo of current.current) releaseReviewedPhoto(photo);
    },
    [],
  );

  /** Queues a reviewed photo, to be uploaded with its blur boxes once the place is saved. */
  const add = useCallback((reviewed: ReviewedPhoto) => {
    const queued: QueuedPhoto = {
      id: `photo-${++nextId}`,
      file: reviewed.photo,
      blurBoxes: reviewed.blurBoxes,
      picture: reviewed.picture,
      status: 'waiting',
      progress: 0,
      error: null,
    };
    setPhotos((list) => [...list, queued]);
  }, []);

  const remove = useCallback((id: string) => {
    setPhotos((list) => {
      releaseReviewedPhoto(list.find((photo) => photo.id === id));
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
          patch(photo.id, { status: 'uploading', progress: 0, error: null });
          const result = await upload(
            locationId,
            photo.file,
            (fraction) => {
              patch(photo.id, { progress: fraction });
            },
            photo.blurBoxes,
          );
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
    [patch, upload, onUploaded],
  );

  return { photos, add, remove, uploadAll };
}
