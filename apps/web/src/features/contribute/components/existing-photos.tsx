/**
 * The place's photos on the edit form (issue 32): what is already shared, each with a delete
 * button where the person may delete it (core canDeletePhoto, sent as `canDelete`), asked
 * once more before it goes. Photos on comments belong to their comments and are not listed.
 */
import type { ImageMetaData, Place } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { deletePhoto, withoutPhoto } from '../../../lib/api/delete-photo.ts';
import { placeQueryOptions } from '../../../lib/api/get-place.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';

export function ExistingPhotos({ place }: { readonly place: Place }) {
  const { t } = useTranslation('contribute');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const photos = place.imageMetaData.filter((photo) => photo.commentId === undefined);
  if (photos.length === 0) return null;

  async function remove(photo: ImageMetaData) {
    setDeleting(true);
    try {
      const result = await deletePhoto(place.id, photo.id);
      queryClient.setQueryData<Place>(placeQueryOptions(place.id).queryKey, (current) =>
        current ? withoutPhoto(current, photo.id) : current,
      );
      setConfirming(null);
      notifySuccess(t('existingPhotos.deleted'));
      celebratePoints(result, queryClient);
    } catch (error) {
      handleError(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="existing-photos-title" className="mb-4">
      <h3 id="existing-photos-title" className="text-base font-bold text-ink">
        {t('existingPhotos.title', { count: photos.length })}
      </h3>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-labelledby="existing-photos-title">
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative">
            <img
              src={photo.thumbnailUrl ?? photo.url}
              alt={t('existingPhotos.alt', { number: index + 1, name: place.name })}
              loading="lazy"
              className="aspect-square w-full rounded-xl bg-gray-100 object-cover"
            />
            {photo.canDelete && confirming !== photo.id && (
              <button
                type="button"
                aria-label={t('existingPhotos.delete', { number: index + 1 })}
                onClick={() => {
                  setConfirming(photo.id);
                }}
                className="absolute top-1 end-1 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow ring-1 ring-black/10 hover:bg-white focus-visible:outline-3 focus-visible:outline-sky-600"
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
            )}
            {confirming === photo.id && (
              <div
                role="group"
                aria-label={t('existingPhotos.confirmTitle', { number: index + 1 })}
                className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-xl bg-white/95 p-1 text-center"
              >
                <p className="text-sm font-bold text-ink">
                  {t('existingPhotos.confirmTitle', { number: index + 1 })}
                </p>
                <button
                  type="button"
                  disabled={deleting}
                  onClick={() => void remove(photo)}
                  className={buttonClassName('danger', 'min-h-9 px-3 py-1 text-sm')}
                >
                  {t('existingPhotos.confirm')}
                </button>
                <button
                  type="button"
                  disabled={deleting}
                  onClick={() => {
                    setConfirming(null);
                  }}
                  className={buttonClassName('quiet', 'min-h-9 px-3 py-1 text-sm')}
                >
                  {t('existingPhotos.keep')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
