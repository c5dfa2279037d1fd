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

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const reasonId = useId();

  const confirm = async () => {
    if (reason.trim() === '') {
      setError('Please tell us briefly why, so we can handle it well.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await requestAccountDeletion(reason.trim());
      setSent(true);
      setOpen(false);
      notifySuccess('Your request is sent. A moderator will delete your account soon.');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Sending did not work. Please try again.');
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
        Delete my account
      </h2>
      <p className="mt-1 text-base text-gray-700">
        Your account and what identifies you are removed after a moderator checks the request.
      </p>
      {sent ? (
        <p className="mt-3 font-semibold text-park-800">
          Your request is sent. Thank you for being part of PlaySpot.
        </p>
      ) : (
        <Button
          variant="secondary"
          className="mt-3 text-red-800"
          onClick={() => {
            setOpen(true);
          }}
        >
          Delete my account…
        </Button>
      )}
      <AppDialog
        open={open}
        onDismiss={() => {
          setOpen(false);
        }}
        title="Delete your account?"
        description="We will ask a moderator to delete your account. This cannot be undone."
      >
        <div className="mt-5">
          <FormField id={reasonId} label="Why are you leaving?" error={error ?? undefined} announceError>
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
            Keep my account
          </Button>
          <Button variant="danger" disabled={sending} onClick={() => void confirm()}>
            {sending ? 'Sending…' : 'Yes, delete my account'}
          </Button>
        </div>
      </AppDialog>
    </section>
  );
}
