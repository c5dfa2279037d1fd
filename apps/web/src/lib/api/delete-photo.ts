/** DELETE /api/locations/:id/photos/:photoId (its uploader, the place's creator, moderators). */
import { type Place } from '@playspot/core';
import { apiRequest, checkedBy } from '../api-client.ts';

export function deletePhoto(locationId: string, photoId: string) {
  return apiRequest(
    `/api/locations/${encodeURIComponent(locationId)}/photos/${encodeURIComponent(photoId)}`,
    { method: 'DELETE', lazySchema: checkedBy('deletedResultSchema') },
  );
}

/** The place without one photo, as the server has it after the deletion. */
export function withoutPhoto(place: Place, photoId: string): Place {
  const gone = place.imageMetaData.find((image) => image.id === photoId);
  return {
    ...place,
    imageMetaData: place.imageMetaData.filter((image) => image.id !== photoId),
    imageUrls: gone ? place.imageUrls.filter((url) => url !== gone.url) : place.imageUrls,
  };
}
