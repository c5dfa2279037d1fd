/**
 * 'Request removal': a signed-in person tells the moderators why a place should go (closed,
 * duplicate, unsafe, not a play spot). Creates a pending removal request and records the
 * removal_request event.
 */
import { REMOVAL_REASON_MAX_LENGTH } from '@playspot/core';
import { useMutation } from '@tanstack/react-query';
import { Flag, Hourglass } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { requestRemoval } from '../api/place-actions.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { useTranslation } from 'react-i18next';

export function RemovalRequestButton({
  locationId,
  pending = false,
}: {
  readonly locationId: string;
  /** The person already asked and a moderator has not decided yet. */
  readonly pending?: boolean;
}) {
  const { t } = useTranslation('location-details');
  const { whenSignedIn } = useSignedInAction();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reasonId = useId();
  const request = useMutation({
    mutationFn: () => requestRemoval(locationId, reason),
    onSuccess: () => {
      analytics.track('removal_request', { location_id: locationId, type: 'location' });
      notifySuccess(t('removal.thanks'));
      setOpen(false);
      setReason('');
      setRequested(true);
    },
    onError: (error) => {
      handleError(error);
    },
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFieldError(t('removal.empty'));
      document.getElementById(reasonId)?.focus();
      return;
    }
    setFieldError(null);
    request.mutate();
  };

  if (pending || requested) {
    return (
      <p
        className="inline-flex min-h-11 items-center gap-2 px-3 text-sm font-bold text-gray-700"
        data-testid="removal-pending"
      >
        <Hourglass aria-hidden="true" className="h-4 w-4" />
        {t('removal.requested')}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-bold text-gray-700 underline-offset-2 hover:bg-gray-100 hover:underline focus-visible:outline-3 focus-visible:outline-sky-600"
        onClick={() => {
          whenSignedIn('removal_request', () => {
            setOpen(true);
          });
        }}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('removal.button')}
      </button>
      <AppDialog
        open={open}
        onDismiss={() => {
          setOpen(false);
        }}
        title={t('removal.button')}
        description={t('removal.description')}
        testId="removal-request-dialog"
      >
        <form onSubmit={onSubmit} noValidate className="mt-4">
          <FormField id={reasonId} label={t('removal.reason')} error={fieldError ?? undefined}>
            {(control) => (
              <textarea
                {...control}
                value={reason}
                rows={4}
                maxLength={REMOVAL_REASON_MAX_LENGTH}
                required
                onChange={(event) => {
                  setReason(event.target.value);
                }}
                className={inputClassName}
              />
            )}
          </FormField>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('removal.sending') : t('removal.send')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setOpen(false);
              }}
            >
              {t('removal.cancel')}
            </Button>
          </div>
        </form>
      </AppDialog>
    </>
  );
}
