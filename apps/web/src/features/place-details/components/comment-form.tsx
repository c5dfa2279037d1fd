/**
 * Add a comment, optionally with one photo. The photo is looked at before it is shared (faces
 * blurred by the server, and a tap blurs one it missed: components/photo-review). The comment is
 * saved first, then the photo is uploaded with its blur boxes and a progress bar; points (and a
 * level-up) are celebrated after each step.
 */
import { COMMENT_MAX_LENGTH } from '@playspot/core';
import { ImagePlus, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DevicePhotoButtons } from '../../../components/device-photo-buttons.tsx';
import { BlurredThumbnail } from '../../../components/photo-review/blurred-picture.tsx';
import { PhotoReview, type ReviewedPhoto } from '../../../components/photo-review/photo-review.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import type { QueuedWrite } from '../../../lib/offline-outbox.ts';
import { canPickPhotosOnDevice } from '../../../platform/device-photos.ts';
import { useCommentForm } from '../hooks/use-comment-form.ts';

export function CommentForm({ locationId }: { readonly locationId: string }) {
  const { t } = useTranslation('location-details');
  const form = useCommentForm(locationId);
  const { signedIn, whenSignedIn, text, setText, photo, choosePhoto, picked, setPicked, progress, busy } =
    form;
  const { fieldError, fileInput, ids, waiting, onSubmit } = form;

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
        <PickPhoto photo={photo} inputId={ids.photo} fileInput={fileInput} onPicked={setPicked} />
        <PhotoReview
          files={picked}
          onUse={choosePhoto}
          onClose={() => {
            setPicked([]);
          }}
        />
        {photo && (
          <ChosenPhoto
            photo={photo}
            onRemove={() => {
              choosePhoto(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          />
        )}
        <button type="submit" className={buttonClassName('primary', 'ms-auto')} disabled={busy}>
          {busy ? t('comment.posting') : t('comment.post')}
        </button>
      </div>
      {waiting.length > 0 && <WaitingComments writes={waiting} />}
      {progress !== null && <UploadProgress progress={progress} />}
    </form>
  );
}

/** A photo from the device's own picker in the app, else a file input behind a button. */
function PickPhoto({
  photo,
  inputId,
  fileInput,
  onPicked,
}: {
  readonly photo: ReviewedPhoto | null;
  readonly inputId: string;
  readonly fileInput: RefObject<HTMLInputElement | null>;
  readonly onPicked: (files: readonly File[]) => void;
}) {
  const { t } = useTranslation('location-details');
  return canPickPhotosOnDevice() ? (
    <DevicePhotoButtons
      limit={1}
      variant="ghost"
      onPicked={(files) => {
        onPicked(files.slice(0, 1));
      }}
    />
  ) : (
    <>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        className="peer sr-only"
        onChange={(event) => {
          onPicked([...(event.target.files ?? [])].slice(0, 1));
          // The same file can be picked again (say, after cancelling its review).
          event.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className={buttonClassName(
          'ghost',
          'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
        )}
      >
        <ImagePlus aria-hidden="true" className="h-5 w-5" />
        {photo ? t('comment.changePhoto') : t('comment.addPhoto')}
      </label>
    </>
  );
}

/** The chosen photo: its blurred thumbnail, its name and a button to take it off. */
function ChosenPhoto({ photo, onRemove }: { readonly photo: ReviewedPhoto; readonly onRemove: () => void }) {
  const { t } = useTranslation('location-details');
  return (
    <span
      className={`inline-flex min-w-0 items-center gap-1 rounded-full bg-park-50 py-1 pe-1 text-sm text-park-800 ${photo.picture ? 'ps-1' : 'ps-3'}`}
    >
      {photo.picture && (
        <BlurredThumbnail
          picture={photo.picture}
          boxes={photo.blurBoxes}
          alt=""
          className="h-9 w-9 shrink-0 rounded-full bg-park-100"
        />
      )}
      <span className="max-w-[12rem] truncate ps-1">{photo.photo.name}</span>
      <button
        type="button"
        aria-label={t('comment.removePhoto', { name: photo.photo.name })}
        className="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-park-100 focus-visible:outline-3 focus-visible:outline-sky-600"
        onClick={onRemove}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </span>
  );
}

/** Comments written offline, waiting on this device to be sent. */
function WaitingComments({ writes }: { readonly writes: readonly QueuedWrite[] }) {
  const { t } = useTranslation('location-details');
  return (
    <ul className="mt-3 space-y-2" aria-label={t('comment.waiting')}>
      {writes.map((write) => (
        <li key={write.id} className="rounded-2xl bg-sun-50 px-4 py-3 text-base text-ink ring-1 ring-sun-200">
          <p className="text-sm font-bold text-sun-900">{t('comment.waitingText')}</p>
          <p className="mt-1 whitespace-pre-line">{write.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The photo's upload, as a bar and in words. */
function UploadProgress({ progress }: { readonly progress: number }) {
  const { t } = useTranslation('location-details');
  return (
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
  );
}
