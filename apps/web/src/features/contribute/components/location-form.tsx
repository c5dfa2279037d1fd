/**
 * Add or edit a play spot: name, position, tags, ages, indoor, free, website, description
 * and photos. Checked with core's createLocationSchema before anything is sent; each
 * message sits beside its field and the first wrong field gets the focus. Photos upload
 * after the place is saved, each with its progress; the points earned come in one toast.
 */
import type { LatLng, PhotoUploadResult, PointsAward } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useSaveLocation } from '../api/save-location.ts';
import type { PhotoUploader } from '../api/upload-location-photo.ts';
import { usePhotoQueue } from '../hooks/use-photo-queue.ts';
import { combineRewards } from '../utils/combine-rewards.ts';
import { trackAddLocation, trackEditLocation, trackUploadImage } from '../utils/contribute-analytics.ts';
import {
  fieldId,
  firstInvalidField,
  toLocationInput,
  validateLocationForm,
  type FieldErrors,
  type LocationFormValues,
} from '../utils/location-form.ts';
import { AgeRangePicker } from './age-range-picker.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { PositionPicker } from './position-picker.tsx';
import { TagPicker } from './tag-picker.tsx';
import { YesNoChoice } from './yes-no-choice.tsx';
import { useTranslation } from 'react-i18next';

export interface LocationFormProps {
  /** null to add a new place. */
  readonly locationId: string | null;
  readonly initialValues: LocationFormValues;
  /** The device position when it arrives, to move the picker there. */
  readonly moveTo: LatLng | null;
  readonly onUseMyLocation?: () => void;
  readonly locating?: boolean;
  /** Where to go once the place and all its photos are saved. */
  readonly onDone: (locationId: string) => void;
  /** Where a saved place's page is, for the link shown when a photo failed. */
  readonly placeHref: (locationId: string) => string;
  readonly cancelHref: string;
  /** Tells the person what they earned (the app passes the shared points toast). */
  readonly onRewarded: (reward: PointsAward | null) => void;
  /** Replaceable in tests. */
  readonly upload?: PhotoUploader;
  /** Shown above the photo picker: on the edit form, the place's photos (ExistingPhotos). */
  readonly existingPhotos?: ReactNode;
}

export function LocationForm(props: LocationFormProps) {
  const { t } = useTranslation('contribute');
  const { locationId, onDone } = props;
  const adding = locationId === null;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LocationFormValues>(props.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Set once the place is saved: a retry only re-sends the photos that failed.
  const [savedId, setSavedId] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const rewards = useRef<PointsAward[]>([]);
  const save = useSaveLocation(locationId);
  const queue = usePhotoQueue({
    ...(props.upload ? { upload: props.upload } : {}),
    onUploaded: (result: PhotoUploadResult) => {
      rewards.current.push(result.reward);
    },
  });

  const set = <K extends keyof LocationFormValues>(key: K, value: LocationFormValues[K]) => {
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
    props.onRewarded(combineRewards(rewards.current));
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
    const check = validateLocationForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      const field = firstInvalidField(check.errors);
      if (field) document.getElementById(fieldId(field))?.focus();
      return;
    }
    setErrors({});
    setWorking(true);
    try {
      const result = await save.mutateAsync(toLocationInput(values));
      const id = result.location.id;
      if (adding) trackAddLocation(id);
      else trackEditLocation(id);
      rewards.current = result.reward.change === 0 && !result.reward.leveledUp ? [] : [result.reward];
      if (queue.photos.every((photo) => photo.status === 'done')) {
        props.onRewarded(combineRewards(rewards.current));
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

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-7 lg:grid-cols-2 lg:gap-x-12"
    >
      <FormField id={fieldId('name')} label={t('form.name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            value={values.name}
            placeholder={t('form.namePlaceholder')}
            onChange={(event) => {
              set('name', event.target.value);
            }}
            className={inputClassName}
          />
        )}
      </FormField>

      {/* On wide screens the map and the photos take the right-hand column. */}
      <div className="lg:col-start-2 lg:row-span-4 lg:row-start-1">
        <PositionPicker
          value={values.position}
          onChange={(position) => {
            set('position', position);
          }}
          moveTo={props.moveTo}
          onUseMyLocation={props.onUseMyLocation}
          locating={props.locating ?? false}
          error={errors.position}
        />
      </div>

      <TagPicker
        tags={values.tags}
        onChange={(tags) => {
          set('tags', tags);
        }}
        error={errors.tags}
      />

      <AgeRangePicker
        value={values.ageRanges}
        onChange={(ageRanges) => {
          set('ageRanges', ageRanges);
        }}
        error={errors.ageRanges}
      />

      <div className="grid gap-7 sm:grid-cols-2">
        <YesNoChoice
          id={fieldId('indoor')}
          label={t('form.indoor')}
          yes={t('form.indoorYes')}
          no={t('form.indoorNo')}
          value={values.indoor}
          onChange={(indoor) => {
            set('indoor', indoor);
          }}
          error={errors.indoor}
        />
        <YesNoChoice
          id={fieldId('free')}
          label={t('form.free')}
          yes={t('form.freeYes')}
          no={t('form.freeNo')}
          value={values.free}
          onChange={(free) => {
            set('free', free);
          }}
          error={errors.free}
        />
      </div>

      <FormField
        id={fieldId('officialWebsite')}
        label={t('form.website')}
        error={errors.officialWebsite}
        optional
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={values.officialWebsite}
            placeholder={t('form.websitePlaceholder')}
            onChange={(event) => {
              set('officialWebsite', event.target.value);
            }}
            className={inputClassName}
          />
        )}
      </FormField>

      <FormField
        id={fieldId('description')}
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        error={errors.description}
        optional
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            onChange={(event) => {
              set('description', event.target.value);
            }}
            className={inputClassName}
          />
        )}
      </FormField>

      <div className="lg:col-start-2 lg:row-span-3 lg:row-start-5">
        {props.existingPhotos}
        <PhotoPicker
          photos={queue.photos}
          busy={working}
          onAdd={(photo) => {
            queue.add(photo);
          }}
          onRemove={queue.remove}
        />
      </div>

      {savedId !== null && failedPhotos > 0 && !working && (
        <div
          role="alert"
          className="lg:col-span-2 rounded-2xl bg-sun-50 p-4 text-base text-sun-900 ring-1 ring-sun-200"
        >
          <p className="font-bold">{t('form.photosFailed', { count: failedPhotos })}</p>
          <p className="mt-1">
            {t('form.photosFailedHint')}{' '}
            <Link to={props.placeHref(savedId)} className="font-bold text-park-800 underline">
              {t('form.goToPlace')}
            </Link>
            .
          </p>
        </div>
      )}

      <div className="lg:col-span-2 sticky bottom-0 -mx-5 flex items-center gap-3 border-t border-sun-100 bg-sun-50/95 px-5 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none">
        <Button type="submit" disabled={working} className="flex-1 sm:flex-none">
          {working ? (
            <Spinner label={t('form.savingLabel')} />
          ) : (
            <Save aria-hidden="true" className="h-5 w-5" />
          )}
          {working
            ? t('form.saving')
            : savedId !== null
              ? t('form.uploadAgain')
              : adding
                ? t('form.add')
                : t('form.save')}
        </Button>
        <Link to={props.cancelHref} className={buttonClassName('quiet')}>
          {t('form.cancel')}
        </Link>
      </div>
    </form>
  );
}
