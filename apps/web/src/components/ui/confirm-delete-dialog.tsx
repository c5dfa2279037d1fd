/**
 * Asks before something is deleted for good: "Keep it" or a red delete button that shows
 * progress. The caller's `onConfirm` does the deleting and closes the dialog when it is done.
 */
import { Button } from './button.tsx';
import { AppDialog } from './dialog.tsx';
import { useTranslation } from 'react-i18next';

export function ConfirmDeleteDialog({
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog open onDismiss={onClose} title={title} description={description}>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="quiet" onClick={onClose}>
          {t('keepIt')}
        </Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? t('deleting') : confirmLabel}
        </Button>
      </div>
    </AppDialog>
  );
}
