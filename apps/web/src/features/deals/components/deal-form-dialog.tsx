/**
 * Admins create or edit a deal: title, website, expiry date, active, and its picture and
 * logo (uploaded after the deal is saved). Checked with the shared zod schema first.
 */
import { DEAL_TITLE_MAX_LENGTH, type Deal } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { FormError, FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorMessage } from '../../../lib/handle-error.ts';
import { useDealForm } from '../hooks/use-deal-form.ts';

interface DealFormDialogProps {
  /** null to create a new deal. */
  readonly deal: Deal | null;
  readonly onClose: () => void;
}

export function DealFormDialog({ deal, onClose }: DealFormDialogProps) {
  const { t } = useTranslation('deals');
  const form = useDealForm(deal, onClose);
  const { id, save, errors, submit } = form;
  const { title, website, expiryDate, active, place } = form.fields;
  const { setTitle, setWebsite, setExpiryDate, setActive, setPlace, setImage, setLogo } = form;

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
              // The shape of a place's address, the same in every language.
              // eslint-disable-next-line i18next/no-literal-string
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
          className="block w-full text-base text-gray-700 file:me-3 file:min-h-11 file:rounded-full file:border-0 file:bg-park-50 file:px-4 file:font-bold file:text-park-800"
          onChange={(e) => {
            onChange(e.target.files?.[0] ?? null);
          }}
        />
      )}
    </FormField>
  );
}
