/**
 * Add a comment, optionally with one photo. The photo is looked at before it is shared (faces
 * blurred by the server, and a tap blurs one it missed: components/photo-review). The comment is
 * saved first, then the photo is uploaded with its blur boxes and a progress bar; points (and a
 * level-up) are celebrated after each step.
 */
import { COMMENT_MAX_LENGTH } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { queueWrite, useQueuedWrites } from '../../../lib/offline-outbox.ts';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { locationQueryOptions } from '../../../lib/api/get-location.ts';
import { addComment } from '../api/location-actions.ts';
import { uploadCommentPhoto } from '../api/upload-comment-photo.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { DevicePhotoButtons } from '../../../components/device-photo-buttons.tsx';
import { BlurredThumbnail } from '../../../components/photo-review/blurred-picture.tsx';
import {
  PhotoReview,
  preloadPhotoReview,
  releaseReviewedPhoto,
  type ReviewedPhoto,
} from '../../../components/photo-review/photo-review.tsx';
import { canPickPhotosOnDevice } from '../../../platform/device-photos.ts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

export function CommentForm({ locationId }: { readonly locationId: string }) {
  const { t } = useTranslation('location-details');
  const queryClient = useQueryClient();
  const { signedIn, whenSignedIn } = useSignedInAction();
  // The photo review opens the moment a photo is picked: its code loads once someone may comment.
  useEffect(() => {
    if (signedIn) preloadPhotoReview();
  }, [signedIn]);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<ReviewedPhoto | null>(null);
  // The photo just picked, being looked at before it replaces `photo`.
  const [picked, setPicked] = useState<readonly File[]>([]);
  const choosePhoto = (reviewed: ReviewedPhoto | null) => {
    setPhoto((previous) => {
      if (previous !== reviewed) releaseReviewedPhoto(previous);
      return reviewed;
    });
  };
  // The local photo's object URL (a photo chosen offline) is freed with the form.
  const shown = useRef<ReviewedPhoto | null>(null);
  shown.current = photo;
  useEffect(
    () => () => {
      releaseReviewedPhoto(shown.current);
    },
    [],
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), photo: useId() };
  const commentsPath = `/api/locations/${encodeURIComponent(locationId)}/comments`;
  // Comments written offline, waiting on this device to be sent (issue 16).
  const waiting = useQueuedWrites().filter((write) => write.path === commentsPath);

  /** No connection: keep the comment on this device, to be sent when it returns. */
  function keepForLater() {
    if (photo) {
      // A photo cannot wait on the device; nothing is cleared, so both can be posted later.
      setFieldError(t('comment.offlineWithPhoto'));
      return;
    }
    const name = queryClient.getQueryData(locationQueryOptions(locationId).queryKey)?.name;
    queueWrite({
      method: 'POST',
      path: commentsPath,
      body: { text },
      text,
      description: name ? `your comment on ${name}` : 'your comment',
      refreshes: [locationQueryOptions(locationId).queryKey],
    });
    reset();
    notifySuccess(t('comment.offlineKept'));
  }

  const reset = () => {
    setText('');
    choosePhoto(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  async function submit() {
    if (text.trim() === '') {
      setFieldError(t('comment.empty'));
      // The field then reads its message (aria-describedby), as the other forms do on submit.
      document.getElementById(ids.text)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const result = await addComment(locationId, text);
      analytics.track('add_comment', { location_id: locationId, with_photo: photo !== null });
      celebratePoints(result, queryClient);
      if (photo) {
        setProgress(0);
        try {
          const uploaded = await uploadCommentPhoto(
            locationId,
            result.comment.id,
            photo.photo,
            setProgress,
            photo.blurBoxes,
          );
          analytics.track('upload_image', { location_id: locationId, kind: 'comment' });
          celebratePoints(uploaded, queryClient);
        } catch (error) {
          handleError(
            error,
            error instanceof ApiError
              ? t('comment.photoFailedBecause', { reason: apiErrorMessage(error) })
              : t('comment.photoFailed'),
          );
        }
      }
      reset();
      await queryClient.invalidateQueries({ queryKey: locationQueryOptions(locationId).queryKey });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
      else if (error instanceof ApiError && error.code === 'network_error') keepForLater();
      else handleError(error);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    whenSignedIn('add_comment', () => void submit());
  };

  if (!signedIn) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-base text-gray-800">{t('comment.signInHint')}</p>
        <button
          type="button"
          className={buttonClassName('secondary', 'shrink-0')}
          onClick={() => {
            whenSignedIn('add_comment', () => undefined);
          }}
        >
          {t('comment.signIn')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-gray-200" noValidate>
      <FormField id={ids.text} label={t('comment.label')} error={fieldError ?? undefined}>
        {(control) => (
          <textarea
            {...control}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
            }}
            maxLength={COMMENT_MAX_LENGTH}
            rows={3}
            placeholder={t('comment.placeholder')}
            className={`${inputClassName} resize-y`}
          />
        )}
      </FormField>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canPickPhotosOnDevice() ? (
          <DevicePhotoButtons
            limit={1}
            variant="ghost"
            onPicked={(files) => {
              setPicked(files.slice(0, 1));
            }}
          />
        ) : (
          <>
            <input
              ref={fileInput}
              id={ids.photo}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              className="peer sr-only"
              onChange={(event) => {
                setPicked([...(event.target.files ?? [])].slice(0, 1));
                // The same file can be picked again (say, after cancelling its review).
                event.target.value = '';
              }}
            />
            <label
              htmlFor={ids.photo}
              className={buttonClassName(
                'ghost',
                'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
              )}
            >
              <ImagePlus aria-hidden="true" className="h-5 w-5" />
              {photo ? t('comment.changePhoto') : t('comment.addPhoto')}
            </label>
          </>
        )}
        <PhotoReview
          files={picked}
          onUse={choosePhoto}
          onClose={() => {
            setPicked([]);
          }}
        />
        {photo && (
          <span
            className={`inline-flex min-w-0 items-center gap-1 rounded-full bg-park-50 py-1 pr-1 text-sm text-park-800 ${photo.picture ? 'pl-1' : 'pl-3'}`}
          >
            {photo.picture && (
              <BlurredThumbnail
                picture={photo.picture}
                boxes={photo.blurBoxes}
                alt=""
                className="h-9 w-9 shrink-0 rounded-full bg-park-100"
              />
            )}
            <span className="max-w-[12rem] truncate pl-1">{photo.photo.name}</span>
            <button
              type="button"
              aria-label={t('comment.removePhoto', { name: photo.photo.name })}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-park-100 focus-visible:outline-3 focus-visible:outline-sky-600"
              onClick={() => {
                choosePhoto(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </span>
        )}
        <button type="submit" className={buttonClassName('primary', 'ml-auto')} disabled={busy}>
          {busy ? t('comment.posting') : t('comment.post')}
        </button>
      </div>
      {waiting.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t('comment.waiting')}>
          {waiting.map((write) => (
            <li
              key={write.id}
              className="rounded-2xl bg-sun-50 px-4 py-3 text-base text-ink ring-1 ring-sun-200"
            >
              <p className="text-sm font-bold text-sun-900">{t('comment.waitingText')}</p>
              <p className="mt-1 whitespace-pre-line">{write.text}</p>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="mt-3">
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-park-700"
            value={Math.round(progress * 100)}
            max={100}
            aria-label={t('comment.upload')}
          />
          <p className="mt-1 text-sm text-gray-700" aria-live="polite">
            {t('comment.uploading', { percent: Math.round(progress * 100) })}
          </p>
        </div>
      )}
    </form>
  );
}
