/**
 * Photo uploads (spec §7): each upload is checked, cleaned of all metadata (GPS included),
 * resized, stored at the spec's path under a random name, and recorded with its uploader.
 * Points: +100 for a location photo, +100 for a comment photo.
 */
import {
  commentImagePath,
  dealImagePath,
  dealLogoPath,
  ERROR_MESSAGES,
  locationImagePath,
  pointsForAction,
  type PointsAward,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { isValidStorageKey, type ObjectStorage } from '../../storage/object-storage.ts';
import { forbidden } from '../auth/request-authentication.ts';
import { processUpload, extensionFor, randomStorageFileName } from '../images/image-pipeline.ts';
import { locationExists } from '../locations/locations.repository.ts';
import { changePoints } from '../points/points.repository.ts';
import * as repository from './photos.repository.ts';

export interface UploadedPhoto {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/**
 * The storage keys (display and thumbnail) behind a deal picture's URL, which ends with its
 * key `deals/{dealId}/[logo_]{name}` whether served by /api/files or a public bucket.
 */
export function dealPictureKeys(url: string, dealId: string, which: 'image' | 'logo'): string[] {
  const folder = `deals/${dealId}/`;
  const start = url.lastIndexOf(folder);
  if (start < 0) return [];
  const key = url.slice(start);
  const prefix = which === 'logo' ? 'logo_' : '';
  const fileName = key.slice(folder.length);
  if (!isValidStorageKey(key) || !fileName.startsWith(prefix) || fileName.includes('/')) return [];
  const thumbnailKey = `${folder}${prefix}thumb_${fileName.slice(prefix.length)}`;
  return [key, thumbnailKey];
}

export function createPhotosService(deps: {
  database: DatabaseHandle;
  storage: ObjectStorage;
  now?: () => Date;
}) {
  const { storage } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Processes and stores both renditions; `pathFor` maps a file name to its storage key. */
  async function store(upload: Buffer, pathFor: (fileName: string) => string) {
    const processed = await processUpload(upload);
    const fileName = randomStorageFileName(extensionFor(processed.display.contentType));
    const key = pathFor(fileName);
    const thumbnailKey = pathFor(`thumb_${fileName}`);
    await storage.put(key, processed.display.body, processed.display.contentType);
    await storage.put(thumbnailKey, processed.thumbnail.body, processed.thumbnail.contentType);
    return { processed, key, thumbnailKey };
  }

  /** Records the image (and points); if that fails the stored files are removed again. */
  async function record(
    stored: Awaited<ReturnType<typeof store>>,
    row: { locationId: string; commentId: string | null; userId: string },
    points: number,
  ): Promise<{ photo: UploadedPhoto; reward: PointsAward }> {
    try {
      const reward = await db.transaction(async (tx) => {
        await repository.insertImage(tx, {
          ...row,
          uploadedByUserId: row.userId,
          storageKey: stored.key,
          thumbnailStorageKey: stored.thumbnailKey,
          contentType: stored.processed.display.contentType,
          width: stored.processed.display.width,
          height: stored.processed.display.height,
          bytes: stored.processed.display.body.length,
          now: now(),
        });
        return changePoints(tx, row.userId, points);
      });
      return {
        photo: {
          url: storage.url(stored.key),
          thumbnailUrl: storage.url(stored.thumbnailKey),
          width: stored.processed.display.width,
          height: stored.processed.display.height,
        },
        reward,
      };
    } catch (error) {
      await Promise.allSettled([storage.delete(stored.key), storage.delete(stored.thumbnailKey)]);
      throw error;
    }
  }

  return {
    async addLocationPhoto(locationId: string, userId: string, readUpload: () => Promise<Buffer>) {
      if (!(await locationExists(db, locationId))) throw notFound(ERROR_MESSAGES.locationDoesNotExist);
      const stored = await store(await readUpload(), (name) => locationImagePath(locationId, name));
      return record(stored, { locationId, commentId: null, userId }, pointsForAction('locationImage'));
    },

    async addCommentPhoto(
      locationId: string,
      commentId: string,
      userId: string,
      readUpload: () => Promise<Buffer>,
    ) {
      const comment = await repository.findCommentAuthor(db, locationId, commentId);
      if (!comment) throw notFound(ERROR_MESSAGES.commentNotFound);
      if (comment.userId !== userId) throw forbidden('Only the author can add a photo to a comment.');
      const stored = await store(await readUpload(), (name) => commentImagePath(locationId, commentId, name));
      return record(stored, { locationId, commentId, userId }, pointsForAction('commentImage'));
    },

    async setDealPhoto(dealId: string, which: 'image' | 'logo', readUpload: () => Promise<Buffer>) {
      if (!(await repository.dealExists(db, dealId))) throw notFound('Deal not found');
      const stored = await store(await readUpload(), (name) =>
        which === 'image' ? dealImagePath(dealId, name) : dealLogoPath(dealId, name),
      );
      const url = storage.url(stored.key);
      const previous = await repository.dealPictureUrl(db, dealId, which);
      await repository.setDealImage(db, dealId, which, url, now());
      // The replaced picture's files are no longer referenced by anything.
      if (previous && previous !== url) {
        await Promise.allSettled(dealPictureKeys(previous, dealId, which).map((key) => storage.delete(key)));
      }
      return { url, thumbnailUrl: storage.url(stored.thumbnailKey) };
    },

    /** Removes every stored file of a location (after the location itself is deleted). */
    async deleteLocationFiles(locationId: string): Promise<void> {
      await storage.deletePrefix(`locations/${locationId}/`);
    },

    /** Removes a deal's image and logo files (after the deal itself is deleted). */
    async deleteDealFiles(dealId: string): Promise<void> {
      await storage.deletePrefix(`deals/${dealId}/`);
    },

    /** Removes stored files by key (e.g. a deleted account's photos); missing ones are fine. */
    async deleteFiles(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => storage.delete(key)));
    },

    async deleteCommentFiles(locationId: string, commentId: string): Promise<void> {
      await storage.deletePrefix(`locations/${locationId}/comments/${commentId}/`);
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
