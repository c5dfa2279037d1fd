/**
 * 'Report': a signed-in person tells the moderators what is wrong with a photo, a comment
 * or a place, picking a reason from core's list (big radio rows, easy with a thumb) and
 * adding a note if they like. Reporting the same thing twice is fine: the server keeps one.
 */
import {
  REPORT_NOTE_MAX_LENGTH,
  reportReasonsFor,
  type ReportReason,
  type ReportTargetType,
} from '@playspot/core';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { FieldGroup, FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { reportContent } from '../api/report-content.ts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n/i18n.ts';

export interface ReportTarget {
  readonly type: ReportTargetType;
  readonly id: string;
  /** What is reported, in words: 'this photo', 'the comment by Aroha'. */
  readonly what: string;
  /** Said first in the dialog when what is sent differs from what was tapped. */
  readonly explanation?: string;
  /** The reasons offered, when not those of `type` (all must be valid for `type`). */
  readonly reasons?: readonly ReportReason[];
}

export const REPORT_THANKS = 'Thanks — a moderator will look at it.';

/** REPORT_THANKS in the reader's language. */
export function reportThanks(): string {
  return i18n.t('location-details:reportDialog.thanks');
}

export function ReportDialog({
  target,
  onClose,
}: {
  readonly target: ReportTarget;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('location-details');
  const ids = { reasons: useId(), note: useId() };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (chosen: ReportReason) =>
      reportContent({ targetType: target.type, targetId: target.id, reason: chosen, note }),
    onSuccess: () => {
      notifySuccess(reportThanks());
      onClose();
    },
    onError: (error) => {
      handleError(error);
    },
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (reason === null) {
      setFieldError(t('reportDialog.pickReason'));
      return;
    }
    setFieldError(null);
    send.mutate(reason);
  };

  return (
    <AppDialog
      open
      onDismiss={onClose}
      title={t('reportDialog.title', { what: target.what })}
      description={t('reportDialog.description')}
      testId="report-dialog"
    >
      {target.explanation && (
        <p className="mt-3 rounded-2xl bg-sun-50 px-4 py-3 text-base text-gray-900">{target.explanation}</p>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <FieldGroup
          id={ids.reasons}
          label={t('reportDialog.reason')}
          error={fieldError ?? undefined}
          announceError
        >
          <div className="flex flex-col gap-2">
            {(target.reasons ?? reportReasonsFor(target.type)).map((option) => (
              <label
                key={option}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl px-4 py-2.5 text-base text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 has-[:checked]:bg-sun-50 has-[:checked]:ring-2 has-[:checked]:ring-sun-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sky-600"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => {
                    setReason(option);
                    setFieldError(null);
                  }}
                  className="h-5 w-5 shrink-0 accent-sun-700"
                />
                {t(`reportDialog.reasons.${option}`)}
              </label>
            ))}
          </div>
        </FieldGroup>
        <div className="mt-4">
          <FormField id={ids.note} label={t('reportDialog.note')} optional>
            {(control) => (
              <textarea
                {...control}
                value={note}
                rows={2}
                maxLength={REPORT_NOTE_MAX_LENGTH}
                onChange={(event) => {
                  setNote(event.target.value);
                }}
                className={inputClassName}
              />
            )}
          </FormField>
        </div>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" disabled={send.isPending}>
            <Flag aria-hidden="true" className="h-5 w-5" />
            {send.isPending ? t('reportDialog.sending') : t('reportDialog.send')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('reportDialog.cancel')}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
