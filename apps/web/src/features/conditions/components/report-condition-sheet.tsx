/**
 * "How is it right now?": every condition as a big tile, one tap to report it (thumb reach on
 * a phone). "Something broken" asks what, then reports. Sent with the device's reading.
 */
import { CONDITION_KINDS, EQUIPMENT, type ConditionKind, type Equipment } from '@playspot/core';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITION_ICONS, CONDITION_TONES } from '../../../components/condition-icons.ts';
import { AppDialog } from '../../../components/ui/dialog.tsx';

interface ReportConditionSheetProps {
  readonly open: boolean;
  readonly placeName: string;
  readonly sending: boolean;
  readonly onReport: (kind: ConditionKind, equipment?: Equipment) => void;
  readonly onDismiss: () => void;
}

const tile =
  'flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl px-2 py-2.5 text-center text-sm font-bold leading-tight outline-offset-2 focus-visible:outline-2 focus-visible:outline-sun-500 disabled:opacity-60';

export function ReportConditionSheet({
  open,
  placeName,
  sending,
  onReport,
  onDismiss,
}: ReportConditionSheetProps) {
  const { t } = useTranslation('conditions');
  const [askingWhat, setAskingWhat] = useState(false);
  const dismiss = () => {
    setAskingWhat(false);
    onDismiss();
  };
  return (
    <AppDialog
      open={open}
      onDismiss={dismiss}
      title={askingWhat ? t('whatIsBroken') : t('howIsItNow')}
      description={t('reportFrom', { place: placeName })}
      showCloseButton
      testId="report-condition-sheet"
    >
      {askingWhat ? (
        <div className="flex flex-col gap-3">
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {EQUIPMENT.map((equipment) => (
              <li key={equipment}>
                <button
                  type="button"
                  disabled={sending}
                  className={`${tile} h-full w-full bg-red-50 text-red-900`}
                  onClick={() => {
                    onReport('broken', equipment);
                  }}
                >
                  {t(`equipment.${equipment}`)}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1.5 self-start font-bold text-ink"
            onClick={() => {
              setAskingWhat(false);
            }}
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
            {t('back')}
          </button>
        </div>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {CONDITION_KINDS.map((kind) => {
            const Icon = CONDITION_ICONS[kind];
            return (
              <li key={kind}>
                <button
                  type="button"
                  disabled={sending}
                  className={`${tile} h-full w-full ${CONDITION_TONES[kind]}`}
                  onClick={() => {
                    if (kind === 'broken') setAskingWhat(true);
                    else onReport(kind);
                  }}
                >
                  <Icon aria-hidden="true" className="h-6 w-6" />
                  {t(`report.${kind}`)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 text-sm text-gray-600">{t('onlyAtThePlace')}</p>
    </AppDialog>
  );
}
