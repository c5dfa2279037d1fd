/**
 * The deal editor's fields and its submit: checked with the shared zod schema first (the
 * first field in error takes the focus), then saved with its picture and logo. Once saved,
 * trying again after a failed picture edits that deal instead of adding a second one.
 */
import { createDealSchema, type Deal } from '@playspot/core';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { useSaveDeal } from '../api/save-deal.ts';

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

export function useDealForm(deal: Deal | null, onClose: () => void) {
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

  return {
    id,
    save,
    fields: { title, website, expiryDate, active, place },
    setTitle,
    setWebsite,
    setExpiryDate,
    setActive,
    setPlace,
    setImage,
    setLogo,
    errors,
    submit,
  };
}
