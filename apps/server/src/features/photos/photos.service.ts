/**
 * Photos (spec §7): every upload (a place's or a comment's photo, a deal's image or logo) is
 * checked, cleaned of all metadata (GPS included) and resized by the image pipeline
 * (image-pipeline.ts, one at a time per worker of image-work-queue.ts), and stored at the
 * spec's path under a random name; place and comment photos are recorded with their uploader.
 * Points: +100 for a place photo, +100 for a comment photo, taken back when it is deleted.
 * Other features get from here the removal of stored files once their rows are gone, and a
 * photo's deletion inside a decision on reports.
 */
import {
  canDeletePhoto,
  commentImagePath,
  dealImagePath,
  dealLogoPath,
  ERROR_MESSAGES,
  placeImagePath,
  pointsForAction,
  type Actor,
  type PhotoPreview,
  type PointsAward,
} from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { ChangePoints, PlaceExists } from '../../lib/capabilities.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import {
  isValidStorageKey,
  StorageUnavailableError,
  type ObjectStorage,
} from '../../storage/object-storage.ts';
import {
  extensionFor,
  previewUpload,
  processUpload,
  randomStorageFileName,
  type FindFaces,
} from './image-pipeline.ts';
import type { ImageWorkQueue } from './image-work-queue.ts';
import { createPhotoFiles } from './photo-files.ts';
import { photoFileKeys, removePhotoIn } from './photo-removal.ts';
import * as repository from './photos.repository.ts';
import type { UploadParts } from './upload-parts.ts';

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

/**
 * A photo goes on a comment only by its author, and never on a hidden one: hidden comments'
 * photos are hidden with them, and a new one would be public.
 */
function assertCommentTakesPhoto(comment: repository.CommentForPhoto | null, userId: string) {
  if (!comment) throw notFound(ERROR_MESSAGES.commentNotFound);
  if (comment.userId !== userId) throw forbidden('Only the author can add a photo to a comment.');
  if (comment.hidden) {
    throw new AppError(
      409,
      'comment_hidden',
      'This comment is hidden from others after reports, so no photo can be added to it.',
    );
  }
}

export function createPhotosService(deps: {
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** Every upload is decoded and encoded through this bounded queue (503 when it is full). */
  imageWork: ImageWorkQueue;
  /** Every photo's faces are found with this and blurred before anything is stored. */
  findFaces: FindFaces;
  now?: () => Date;
  placeExists: PlaceExists;
  changePoints: ChangePoints;
}) {
  const { storage, imageWork, findFaces, placeExists, changePoints } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /**
   * Reads the upload, processes it in its turn and stores both renditions; `pathFor` maps a
   * file name to its storage key. A full image queue refuses the upload before its body is read.
   */
  async function store(readUpload: () => Promise<UploadParts>, pathFor: (fileName: string) => string) {
    imageWork.assertRoom();
    const { photo, blurBoxes } = await readUpload();
    const processed = await imageWork.run(() => processUpload(photo, { findFaces, blurBoxes }));
    const fileName = randomStorageFileName(extensionFor(processed.display.contentType));
    const key = pathFor(fileName);
    const thumbnailKey = pathFor(`thumb_${fileName}`);
    try {
      await storage.put(key, processed.display.body, processed.display.contentType);
      await storage.put(thumbnailKey, processed.thumbnail.body, processed.thumbnail.contentType);
    } catch (error) {
      // Nothing is recorded yet: remove whichever rendition did get stored (if the store lets
      // us), so no file is left that no photo points to, and tell the person to try again.
      await Promise.allSettled([storage.delete(key), storage.delete(thumbnailKey)]);
      throw new StorageUnavailableError(error);
    }
    return { processed, key, thumbnailKey };
  }

  /** Records the image (and points); if that fails the stored files are removed again. */
  async function record(
    stored: Awaited<ReturnType<typeof store>>,
    row: { locationId: string; commentId: string | null; userId: string },
    points: number,
  ): Promise<{ photo: UploadedPhoto; reward: PointsAward; facesBlurred: number }> {
    try {
      const reward = await db.transaction(async (tx) => {
        // Checked again under locks (the place, then the comment): the upload took a while.
        if (!(await repository.lockPlaceOfPhoto(tx, row.locationId))) {
          throw notFound(ERROR_MESSAGES.placeDoesNotExist);
        }
        if (row.commentId !== null) {
          assertCommentTakesPhoto(
            await repository.lockCommentForPhoto(tx, row.locationId, row.commentId),
            row.userId,
          );
        }
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
        facesBlurred: stored.processed.faces.length,
      };
    } catch (error) {
      await Promise.allSettled([storage.delete(stored.key), storage.delete(stored.thumbnailKey)]);
      throw error;
    }
  }

  return {
    /** The photo as it would be published (faces and added boxes blurred), small; not stored. */
    async preview(readUpload: () => Promise<UploadParts>): Promise<PhotoPreview> {
      imageWork.assertRoom();
      const { photo, blurBoxes } = await readUpload();
      const { image, faces } = await imageWork.run(() => previewUpload(photo, { findFaces, blurBoxes }));
      return {
        preview: `data:${image.contentType};base64,${image.body.toString('base64')}`,
        width: image.width,
        height: image.height,
        faces: faces.map(({ x, y, width, height }) => ({ x, y, width, height })),
      };
    },

    async addPlacePhoto(locationId: string, userId: string, readUpload: () => Promise<UploadParts>) {
      if (!(await placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeDoesNotExist);
      const stored = await store(readUpload, (name) => placeImagePath(locationId, name));
      return record(stored, { locationId, commentId: null, userId }, pointsForAction('locationImage'));
    },

    async addCommentPhoto(
      locationId: string,
      commentId: string,
      userId: string,
      readUpload: () => Promise<UploadParts>,
    ) {
      // Checked before the upload is read, and again when it is recorded.
      assertCommentTakesPhoto(await repository.findCommentForPhoto(db, locationId, commentId), userId);
      const stored = await store(readUpload, (name) => commentImagePath(locationId, commentId, name));
      return record(stored, { locationId, commentId, userId }, pointsForAction('commentImage'));
    },

    /**
     * Deletes one photo of a place (a place photo or a comment's) for its uploader, the
     * place's creator (place photos) or a moderator; its uploader loses the points it earned.
     */
    async deletePhoto(locationId: string, photoId: string, actor: Actor) {
      const { keys, reward } = await db.transaction(async (tx) => {
        if (!(await repository.lockPlaceOfPhoto(tx, locationId))) throw notFound('Photo not found');
        const photo = await repository.lockPhoto(tx, photoId, locationId);
        if (!photo) throw notFound('Photo not found');
        if (!canDeletePhoto(actor, photo)) {
          throw forbidden(
            'Only the person who shared this photo, who added the place, or a moderator can delete it.',
          );
        }
        const uploaderReward = await removePhotoIn(tx, photo, changePoints);
        return {
          keys: photoFileKeys(photo),
          reward: photo.uploadedByUserId === actor.id ? uploaderReward : null,
        };
      });
      await Promise.all(keys.map((key) => storage.delete(key)));
      return { deleted: true as const, reward };
    },

    /** For a decision on reports, inside its transaction with the photo's place locked first. */
    async lockPhotoIn(tx: Database, photoId: string, locationId: string): Promise<boolean> {
      return (await repository.lockPhoto(tx, photoId, locationId)) !== null;
    },

    /**
     * Deletes a photo inside the caller's transaction (locking it first) and takes back its
     * uploader's points; returns its files' keys, to remove after commit, or null when there
     * is no such photo.
     */
    async deletePhotoIn(tx: Database, photoId: string): Promise<string[] | null> {
      const photo = await repository.lockPhoto(tx, photoId);
      if (!photo) return null;
      await removePhotoIn(tx, photo, changePoints);
      return photoFileKeys(photo);
    },

    async setDealPhoto(dealId: string, which: 'image' | 'logo', readUpload: () => Promise<UploadParts>) {
      if (!(await repository.dealExists(db, dealId))) throw notFound('Deal not found');
      const stored = await store(readUpload, (name) =>
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

    ...createPhotoFiles(storage),
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
