/**
 * Add or edit a play spot: name, position, tags, ages, indoor, free, website, description
 * and photos. Checked with core's createPlaceSchema before anything is sent; each
 * message sits beside its field and the first wrong field gets the focus. Photos upload
 * after the place is saved, each with its progress; the points earned come in one toast.
 */
import type { LatLng, PointsAward } from '@playspot/core';
import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PhotoUploader } from '../api/upload-place-photo.ts';
import { usePlaceForm } from '../hooks/use-place-form.ts';
import { fieldId } from '../utils/field-id.ts';
import type { FieldErrors, PlaceFormValues } from '../utils/place-form.ts';
import { AgeRangePicker } from './age-range-picker.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { PositionPicker } from './position-picker.tsx';
import { TagPicker } from './tag-picker.tsx';
import { YesNoChoice } from './yes-no-choice.tsx';

export interface PlaceFormProps {
  /** null to add a new place. */
  readonly locationId: string | null;
  readonly initialValues: PlaceFormValues;
  /** The device position when it arrives, to move the picker there. */
  readonly moveTo: LatLng | null;
  readonly onUseMyPosition?: () => void;
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

export function PlaceForm(props: PlaceFormProps) {
  const { t } = useTranslation('contribute');
  const { adding, values, errors, set, savedId, working, queue, failedPhotos, submit } = usePlaceForm({
    locationId: props.locationId,
    initialValues: props.initialValues,
    onDone: props.onDone,
    onRewarded: props.onRewarded,
    ...(props.upload ? { upload: props.upload } : {}),
  });

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
            dir="auto"
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
          onUseMyPosition={props.onUseMyPosition}
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

      <AboutFields values={values} errors={errors} set={set} />

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
        <PhotosFailed count={failedPhotos} placeHref={props.placeHref(savedId)} />
      )}

      <FormActions
        working={working}
        retrying={savedId !== null}
        adding={adding}
        cancelHref={props.cancelHref}
      />
    </form>
  );
}

/** The optional website and description. */
function AboutFields({
  values,
  errors,
  set,
}: {
  readonly values: PlaceFormValues;
  readonly errors: FieldErrors;
  readonly set: <K extends keyof PlaceFormValues>(key: K, value: PlaceFormValues[K]) => void;
}) {
  const { t } = useTranslation('contribute');
  return (
    <>
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
            dir="auto"
            rows={4}
            value={values.description}
            onChange={(event) => {
              set('description', event.target.value);
            }}
            className={inputClassName}
          />
        )}
      </FormField>
    </>
  );
}

/** Some photos did not upload: the place is saved, and its page is where to add them later. */
function PhotosFailed({ count, placeHref }: { readonly count: number; readonly placeHref: string }) {
  const { t } = useTranslation('contribute');
  return (
    <div
      role="alert"
      className="lg:col-span-2 rounded-2xl bg-sun-50 p-4 text-base text-sun-900 ring-1 ring-sun-200"
    >
      <p className="font-bold">{t('form.photosFailed', { count })}</p>
      <p className="mt-1">
        {t('form.photosFailedHint')}{' '}
        <Link to={placeHref} className="font-bold text-park-800 underline">
          {t('form.goToPlace')}
        </Link>
        .
      </p>
    </div>
  );
}

function FormActions({
  working,
  retrying,
  adding,
  cancelHref,
}: {
  readonly working: boolean;
  /** The place is saved and some photos failed: the button sends them again. */
  readonly retrying: boolean;
  readonly adding: boolean;
  readonly cancelHref: string;
}) {
  const { t } = useTranslation('contribute');
  return (
    <div className="lg:col-span-2 sticky bottom-0 -mx-5 flex items-center gap-3 border-t border-sun-100 bg-sun-50 px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
      <Button type="submit" disabled={working} className="flex-1 sm:flex-none">
        {working ? (
          <Spinner label={t('form.savingLabel')} />
        ) : (
          <Save aria-hidden="true" className="h-5 w-5" />
        )}
        {working
          ? t('form.saving')
          : retrying
            ? t('form.uploadAgain')
            : adding
              ? t('form.add')
              : t('form.save')}
      </Button>
      <Link to={cancelHref} className={buttonClassName('quiet')}>
        {t('form.cancel')}
      </Link>
    </div>
  );
}
