/** Removing stored photo files once what they belonged to is gone (part of the photos service). */
import type { ObjectStorage } from '../../storage/object-storage.ts';

export function createPhotoFiles(storage: ObjectStorage) {
  return {
    /** Removes every stored file of a place (after the place itself is deleted). */
    async deletePlaceFiles(locationId: string): Promise<void> {
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
