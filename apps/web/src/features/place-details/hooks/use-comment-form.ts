/**
 * The comment form's state and its submit: the comment is saved first, then its photo (if
 * any) is uploaded with its blur boxes and a progress; the points of both are told once, in
 * one toast (issue 45).
 * With no connection the comment waits on this device (issue 16), a photo cannot.
 */
import { addUpAwards, type PointsAward } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import {
  preloadPhotoReview,
  releaseReviewedPhoto,
  type ReviewedPhoto,
} from '../../../components/photo-review/photo-review.tsx';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { placeQueryOptions } from '../../../lib/api/get-place.ts';
import { apiErrorMessage, handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { queueWrite, useQueuedWrites } from '../../../lib/offline-outbox.ts';
import { addComment } from '../api/place-actions.ts';
import { uploadCommentPhoto } from '../api/upload-comment-photo.ts';
import { useSignedInAction } from './use-signed-in-action.ts';

/** The photo chosen for the comment, and the photo just picked, looked at before it replaces it. */
function useCommentPhoto() {
  const [photo, setPhoto] = useState<ReviewedPhoto | null>(null);
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
  return { photo, choosePhoto, picked, setPicked };
}

export function useCommentForm(locationId: string) {
  const { t } = useTranslation('location-details');
  const queryClient = useQueryClient();
  const { signedIn, whenSignedIn } = useSignedInAction();
  // The photo review opens the moment a photo is picked: its code loads once someone may comment.
  useEffect(() => {
    if (signedIn) preloadPhotoReview();
  }, [signedIn]);
  const [text, setText] = useState('');
  const { photo, choosePhoto, picked, setPicked } = useCommentPhoto();
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
    const name = queryClient.getQueryData(placeQueryOptions(locationId).queryKey)?.name;
    queueWrite({
      method: 'POST',
      path: commentsPath,
      body: { text },
      text,
      placeName: name ?? '',
      refreshes: [placeQueryOptions(locationId).queryKey],
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

  /** Uploads the comment's photo; what it earned, or null when it failed (it says so). */
  async function uploadPhoto(chosen: ReviewedPhoto, commentId: string): Promise<PointsAward | null> {
    setProgress(0);
    try {
      const uploaded = await uploadCommentPhoto(
        locationId,
        commentId,
        chosen.photo,
        setProgress,
        chosen.blurBoxes,
      );
      analytics.track('upload_image', { location_id: locationId, kind: 'comment' });
      return uploaded.reward;
    } catch (error) {
      handleError(
        error,
        error instanceof ApiError
          ? t('comment.photoFailedBecause', { reason: apiErrorMessage(error) })
          : t('comment.photoFailed'),
      );
      return null;
    }
  }

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
      // A comment with a photo is told as one award (+200 and its total), once the photo is in.
      const photoReward = photo ? await uploadPhoto(photo, result.comment.id) : null;
      celebratePoints(photoReward ? addUpAwards(result.reward, photoReward) : result.reward, queryClient);
      reset();
      await queryClient.invalidateQueries({ queryKey: placeQueryOptions(locationId).queryKey });
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

  return {
    signedIn,
    whenSignedIn,
    text,
    setText,
    photo,
    choosePhoto,
    picked,
    setPicked,
    progress,
    busy,
    fieldError,
    fileInput,
    ids,
    waiting,
    onSubmit,
  };
}
