/**
 * Photos for the place: pick several, look at each as it will be shared (faces blurred, with
 * a tap to blur one the detector missed: components/photo-review), see each with its upload
 * progress, remove one before it is sent. Uploading happens after the place is saved (see
 * usePhotoQueue). The thumbnails show the blurred previews, never the raw photos.
 */
import { Camera, CheckCircle2, ImageOff, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { QueuedPhoto } from '../hooks/use-photo-queue.ts';
import { DevicePhotoButtons } from '../../../components/device-photo-buttons.tsx';
import { BlurredThumbnail } from '../../../components/photo-review/blurred-picture.tsx';
import {
  PhotoReview,
  preloadPhotoReview,
  type ReviewedPhoto,
} from '../../../components/photo-review/photo-review.tsx';
import { FieldGroup } from '../../../components/ui/form-field.tsx';
import { canPickPhotosOnDevice } from '../../../platform/device-photos.ts';
import { fieldId } from '../utils/field-id.ts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

interface PhotoPickerProps {
  readonly photos: readonly QueuedPhoto[];
  /** A photo the person reviewed and chose to use, with the blur boxes they added. */
  readonly onAdd: (photo: ReviewedPhoto) => void;
  readonly onRemove: (id: string) => void;
  /** While saving, photos cannot be added or removed. */
  readonly busy: boolean;
}

const isImage = (file: File) => file.type === '' || file.type.startsWith('image/');

function statusText(photo: QueuedPhoto, t: TFunction<'contribute'>): string {
  switch (photo.status) {
    case 'waiting':
      return t('photos.waiting');
    case 'uploading':
      return t('photos.uploading', { percent: Math.round(photo.progress * 100) });
    case 'done':
      return t('photos.done');
    case 'failed':
      return photo.error ?? t('photos.failed');
  }
}

export function PhotoPicker({ photos, onAdd, onRemove, busy }: PhotoPickerProps) {
  const { t } = useTranslation('contribute');
  // Photos just picked, waiting to be looked at one by one before they join the list.
  const [picked, setPicked] = useState<readonly File[]>([]);
  const pick = (files: readonly File[]) => {
    setPicked(files.filter(isImage));
  };
  // The review opens the moment a photo is picked: its code loads while the form is filled in.
  useEffect(preloadPhotoReview, []);
  return (
    <FieldGroup id={fieldId('photos')} label={t('photos.label')} hint={t('photos.hint')} optional>
      <PhotoReview
        files={picked}
        onUse={onAdd}
        onClose={() => {
          setPicked([]);
        }}
      />
      {photos.length > 0 && (
        <ul className="mb-3 space-y-2" aria-label={t('photos.chosen')}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="flex items-center gap-3 rounded-2xl bg-white p-2 ring-1 ring-gray-200"
            >
              {photo.picture ? (
                <BlurredThumbnail
                  picture={photo.picture}
                  boxes={photo.blurBoxes}
                  alt={t('photos.alt', { number: index + 1 })}
                  className="h-16 w-16 shrink-0 rounded-xl bg-gray-100"
                />
              ) : (
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-gray-100">
                  <ImageOff aria-hidden="true" className="h-6 w-6 text-gray-500" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-ink">{photo.file.name}</p>
                <p
                  className={`text-sm ${photo.status === 'failed' ? 'font-semibold text-red-700' : 'text-gray-700'}`}
                  aria-live="polite"
                >
                  {photo.status === 'done' && (
                    <CheckCircle2 aria-hidden="true" className="me-1 inline h-4 w-4 text-park-700" />
                  )}
                  {statusText(photo, t)}
                </p>
                <span
                  role="progressbar"
                  aria-label={t('photos.progress', { number: index + 1 })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(photo.progress * 100)}
                  className="mt-1.5 block h-2 overflow-hidden rounded-full bg-gray-100"
                >
                  <span
                    className={`block h-full rounded-full transition-[width] duration-150 ${photo.status === 'failed' ? 'bg-red-600' : 'bg-park-500'}`}
                    style={{ width: `${Math.round(photo.progress * 100)}%` }}
                  />
                </span>
              </div>
              {photo.status !== 'done' && (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={t('photos.remove', { number: index + 1 })}
                  onClick={() => {
                    onRemove(photo.id);
                  }}
                  className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600 disabled:opacity-40"
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canPickPhotosOnDevice() ? (
        <div className="flex flex-wrap gap-2">
          <DevicePhotoButtons limit={10} disabled={busy} onPicked={pick} />
        </div>
      ) : (
        <label
          className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-white px-5 py-2.5 font-bold text-ink ring-1 ring-gray-300 ring-inset hover:bg-gray-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-600 ${busy ? 'pointer-events-none opacity-50' : ''}`}
        >
          <Camera aria-hidden="true" className="h-5 w-5 text-sun-700" />
          {photos.length === 0 ? t('photos.add') : t('photos.addMore')}
          <input
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              pick([...(event.target.files ?? [])]);
              // The same file can be chosen again after removing it.
              event.target.value = '';
            }}
          />
        </label>
      )}
    </FieldGroup>
  );
}
