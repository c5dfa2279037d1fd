/**
 * Admins create or edit a deal: title, website, expiry date, active, and its picture and
 * logo (uploaded after the deal is saved). Checked with the shared zod schema first.
 */
import { createDealSchema, DEAL_TITLE_MAX_LENGTH, type Deal } from '@playspot/core';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { FormError, FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { useSaveDeal } from '../api/save-deal.ts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

interface DealFormDialogProps {
  /** null to create a new deal. */
  readonly deal: Deal | null;
  readonly onClose: () => void;
}

type Field = 'title' | 'website' | 'expiryDate' | 'locationId';

/** The fields in the order the form shows them, and the end of each control's id. */
const FIELD_ORDER: readonly Field[] = ['title', 'website', 'locationId', 'expiryDate'];
const FIELD_IDS: Record<Field, string> = {
  title: 'title',
  website: 'website',
  locationId: 'place',
  expiryDate: 'expiryDate',
};

/** A place's id from its link (…/locations/<id>) or the id itself; '' when empty, null when neither. */
function placeIdFrom(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return (
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/iu.exec(trimmed)?.[0].toLowerCase() ?? null
  );
}

export function DealFormDialog({ deal, onClose }: DealFormDialogProps) {
  const { t } = useTranslation('deals');
  const id = useId();
  const save = useSaveDeal();
  const [title, setTitle] = useState(deal?.title ?? '');
  const [website, setWebsite] = useState(deal?.website ?? '');
  const [expiryDate, setExpiryDate] = useState(deal?.expiryDate ?? '');
  const [active, setActive] = useState(deal?.active ?? true);
  const [place, setPlace] = useState(deal?.location?.id ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Set once saved: when a picture upload fails afterwards, trying again edits that deal
  // instead of adding a second one.
  const [savedId, setSavedId] = useState<string | null>(deal?.id ?? null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const placeId = placeIdFrom(place);
    if (placeId === null) {
      setErrors({ locationId: t('form.placeError') });
      document.getElementById(`${id}-place`)?.focus();
      return;
    }
    const body = {
      title,
      website,
      active,
      expiryDate: expiryDate === '' ? null : expiryDate,
      locationId: placeId === '' ? null : placeId,
    };
    const parsed = createDealSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'website' || field === 'expiryDate')
          found[field] ??= issue.message;
      }
      setErrors(found);
      // The first field in error takes the focus and reads its message (aria-describedby).
      const first = FIELD_ORDER.find((field) => found[field] !== undefined);
      if (first) document.getElementById(`${id}-${FIELD_IDS[first]}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      {
        dealId: savedId,
        body,
        image,
        logo,
        onSaved: (saved) => {
          setSavedId(saved.id);
        },
      },
      {
        onSuccess: () => {
          notifySuccess(deal ? t('form.saved') : t('form.added'));
          onClose();
        },
      },
    );
  };

  return (
    <AppDialog
      open
      onDismiss={onClose}
      title={deal ? t('form.editTitle') : t('editor.new')}
      description={t('form.description')}
    >
      <form noValidate onSubmit={submit} className="mt-5 space-y-5">
        <FormField id={`${id}-title`} label={t('form.title')} error={errors.title}>
          {(control) => (
            <input
              {...control}
              className={inputClassName}
              value={title}
              maxLength={DEAL_TITLE_MAX_LENGTH}
              placeholder={t('form.titlePlaceholder')}
              onChange={(e) => {
                setTitle(e.target.value);
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-website`} label={t('form.website')} error={errors.website}>
          {(control) => (
            <input
              {...control}
              className={inputClassName}
              value={website}
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('form.websitePlaceholder')}
              onChange={(e) => {
                setWebsite(e.target.value);
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-place`} label={t('form.place')} error={errors.locationId}>
          {(control) => (
            <input
              {...control}
              className={inputClassName}
              value={place}
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="…/locations/…"
              onChange={(e) => {
                setPlace(e.target.value);
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-expiryDate`} label={t('form.lastDay')} error={errors.expiryDate}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={inputClassName}
              value={expiryDate}
              onChange={(e) => {
                setExpiryDate(e.target.value);
              }}
            />
          )}
        </FormField>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-base font-bold text-ink">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => {
              setActive(e.target.checked);
            }}
            className="h-6 w-6 accent-sun-700"
          />
          {t('form.active')}
        </label>
        <div className="grid gap-4">
          <PictureInput
            id={`${id}-image`}
            label={deal?.imageUrl ? t('form.replacePicture') : t('form.picture')}
            onChange={setImage}
          />
          <PictureInput
            id={`${id}-logo`}
            label={deal?.logoUrl ? t('form.replaceLogo') : t('form.logo')}
            onChange={setLogo}
          />
        </div>
        {save.isError && (
          <FormError
            message={save.error instanceof ApiError ? apiErrorMessage(save.error) : t('form.saveFailed')}
          />
        )}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <Button variant="quiet" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('form.saving') : deal ? t('form.save') : t('form.add')}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}

function PictureInput({
  id,
  label,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly onChange: (file: File | null) => void;
}) {
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic"
          className="block w-full text-base text-gray-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-park-50 file:px-4 file:font-bold file:text-park-800"
          onChange={(e) => {
            onChange(e.target.files?.[0] ?? null);
          }}
        />
      )}
    </FormField>
  );
}
