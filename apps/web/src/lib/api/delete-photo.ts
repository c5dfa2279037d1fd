/** DELETE /api/locations/:id/photos/:photoId (its uploader, the place's creator, moderators). */
import { type Location } from '@playspot/core';
import { apiRequest, checkedBy } from '../api-client.ts';

export function deletePhoto(locationId: string, photoId: string) {
  return apiRequest(
    `/api/locations/${encodeURIComponent(locationId)}/photos/${encodeURIComponent(photoId)}`,
    { method: 'DELETE', lazySchema: checkedBy('deletedResultSchema') },
  );
}

/** The location without one photo, as the server has it after the deletion. */
export function withoutPhoto(location: Location, photoId: string): Location {
  const gone = location.imageMetaData.find((image) => image.id === photoId);
  return {
    ...location,
    imageMetaData: location.imageMetaData.filter((image) => image.id !== photoId),
    imageUrls: gone ? location.imageUrls.filter((url) => url !== gone.url) : location.imageUrls,
  };
}
