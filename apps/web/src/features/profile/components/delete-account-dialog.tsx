/**
 * 'Delete my account': a confirm dialog with a reason, then a removal request of type
 * account (spec §3: locationId 'account-deletion'). A moderator carries it out.
 */
import { REMOVAL_REASON_MAX_LENGTH } from '@playspot/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/handle-error.ts';
import { requestAccountDeletion } from '../api/request-account-deletion.ts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/handle-error.ts';

export function DeleteAccountSection() {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const reasonId = useId();

  const confirm = async () => {
    if (reason.trim() === '') {
      setError(t('delete.empty'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await requestAccountDeletion(reason.trim());
      setSent(true);
      setOpen(false);
      notifySuccess(t('delete.sent'));
    } catch (failure) {
      setError(failure instanceof ApiError ? apiErrorMessage(failure) : t('delete.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby="delete-account-title"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="delete-account-title" className="font-display text-xl font-semibold text-ink">
        {t('delete.heading')}
      </h2>
      <p className="mt-1 text-base text-gray-700">{t('delete.text')}</p>
      {sent ? (
        <p className="mt-3 font-semibold text-park-800">{t('delete.thanks')}</p>
      ) : (
        <Button
          variant="secondary"
          className="mt-3 text-red-800"
          onClick={() => {
            setOpen(true);
          }}
        >
          {t('delete.open')}
        </Button>
      )}
      <AppDialog
        open={open}
        onDismiss={() => {
          setOpen(false);
        }}
        title={t('delete.title')}
        description={t('delete.description')}
      >
        <div className="mt-5">
          <FormField id={reasonId} label={t('delete.reason')} error={error ?? undefined} announceError>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={REMOVAL_REASON_MAX_LENGTH}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                }}
                className={inputClassName}
              />
            )}
          </FormField>
        </div>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('delete.keep')}
          </Button>
          <Button variant="danger" disabled={sending} onClick={() => void confirm()}>
            {sending ? t('delete.sending') : t('delete.confirm')}
          </Button>
        </div>
      </AppDialog>
    </section>
  );
}
