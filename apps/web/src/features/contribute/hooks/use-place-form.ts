/**
 * The add/edit place form's state and its submit: checked with core's createPlaceSchema
 * (the first wrong field takes the focus), the place saved, then its photos uploaded; a
 * retry after a failed photo only re-sends the photos. The points earned come in one toast.
 */
import type { PhotoUploadResult, PointsAward } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useSavePlace } from '../api/save-place.ts';
import type { PhotoUploader } from '../api/upload-place-photo.ts';
import { combineRewards } from '../utils/combine-rewards.ts';
import { trackAddPlace, trackEditPlace, trackUploadImage } from '../utils/contribute-analytics.ts';
import { fieldId } from '../utils/field-id.ts';
import {
  firstInvalidField,
  toPlaceInput,
  validatePlaceForm,
  type FieldErrors,
  type PlaceFormValues,
} from '../utils/place-form.ts';
import { usePhotoQueue } from './use-photo-queue.ts';

interface PlaceFormOptions {
  /** null to add a new place. */
  readonly locationId: string | null;
  readonly initialValues: PlaceFormValues;
  /** Where to go once the place and all its photos are saved. */
  readonly onDone: (locationId: string) => void;
  /** Tells the person what they earned. */
  readonly onRewarded: (reward: PointsAward | null) => void;
  /** Replaceable in tests. */
  readonly upload?: PhotoUploader;
}

export function usePlaceForm({ locationId, initialValues, onDone, onRewarded, upload }: PlaceFormOptions) {
  const { t } = useTranslation('contribute');
  const adding = locationId === null;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PlaceFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Set once the place is saved: a retry only re-sends the photos that failed.
  const [savedId, setSavedId] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const rewards = useRef<PointsAward[]>([]);
  const save = useSavePlace(locationId);
  const queue = usePhotoQueue({
    ...(upload ? { upload } : {}),
    onUploaded: (result: PhotoUploadResult) => {
      rewards.current.push(result.reward);
    },
  });

  const set = <K extends keyof PlaceFormValues>(key: K, value: PlaceFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A corrected field loses its message; the others stay until the next try.
    setErrors((current) => {
      if (current[key] === undefined) return current;
      return Object.fromEntries(Object.entries(current).filter(([field]) => field !== key));
    });
  };

  const uploadPhotos = async (id: string) => {
    const summary = await queue.uploadAll(id);
    for (const _ of summary.uploaded) trackUploadImage(id);
    onRewarded(combineRewards(rewards.current));
    rewards.current = [];
    void queryClient.invalidateQueries({ queryKey: ['locations'] });
    if (summary.failed === 0) {
      onDone(id);
      return;
    }
    setSavedId(id);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (working) return;
    if (savedId !== null) {
      setWorking(true);
      await uploadPhotos(savedId).finally(() => {
        setWorking(false);
      });
      return;
    }
    const check = validatePlaceForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      const field = firstInvalidField(check.errors);
      if (field) document.getElementById(fieldId(field))?.focus();
      return;
    }
    setErrors({});
    setWorking(true);
    try {
      const result = await save.mutateAsync(toPlaceInput(values));
      const id = result.location.id;
      if (adding) trackAddPlace(id);
      else trackEditPlace(id);
      rewards.current = result.reward.change === 0 && !result.reward.leveledUp ? [] : [result.reward];
      if (queue.photos.every((photo) => photo.status === 'done')) {
        onRewarded(combineRewards(rewards.current));
        rewards.current = [];
        if (!adding) notifySuccess(t('form.saved'));
        onDone(id);
        return;
      }
      await uploadPhotos(id);
    } catch (error) {
      handleError(error);
    } finally {
      setWorking(false);
    }
  };

  const failedPhotos = queue.photos.filter((photo) => photo.status === 'failed').length;
  return { adding, values, errors, set, savedId, working, queue, failedPhotos, submit };
}
