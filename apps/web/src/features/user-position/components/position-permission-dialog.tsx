/**
 * 'Enable Location Services' (spec §2): why we ask, the promise that the location is neither
 * stored nor shared, and one 'Continue' button. Dismissing by the backdrop counts as a no.
 */
import { LocateFixed, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from 'react-i18next';

interface PositionPermissionDialogProps {
  readonly open: boolean;
  readonly onContinue: () => void;
  readonly onDismiss: () => void;
}

export function PositionPermissionDialog({ open, onContinue, onDismiss }: PositionPermissionDialogProps) {
  const { t } = useTranslation('user-position');
  return (
    <AppDialog
      open={open}
      onDismiss={onDismiss}
      showCloseButton={false}
      testId="location-permission-dialog"
      illustration={
        <span
          aria-hidden="true"
          className="mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-sky-100 text-me"
        >
          <LocateFixed className="h-7 w-7" />
        </span>
      }
      title={t('dialog.title')}
      description={t('dialog.description')}
    >
      <p className="mt-4 flex gap-3 rounded-2xl bg-park-50 p-4 text-base text-park-800">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {t('dialog.promise')}
      </p>
      <Button className="mt-6 w-full text-lg" onClick={onContinue}>
        {t('dialog.continue')}
      </Button>
    </AppDialog>
  );
}
