/**
 * "Right now" on a place page (issue 19): the live conditions parents reported here, verified
 * ones first ("Wet or muddy · 40 min ago · 3 parents · 2 visitors this month"), each with
 * "Still true" and "Not any more" for a parent there, and the button to report one. Signed
 * out, the buttons open sign-in.
 */
import type { ConditionKind, LiveCondition } from '@playspot/core';
import { Check, Radio, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITION_ICONS, CONDITION_TONES } from '../../../components/condition-icons.ts';
import { conditionAge, conditionName, isShown } from '../../../components/condition-words.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useNow } from '../../../components/use-now.ts';
import { savedTimeText, useIsOnline, useSavedCopyDate } from '../../../lib/use-saved-copy.ts';
import { placePagePath } from '../../../lib/place-page-reading.ts';
import { usePlaceConditions } from '../api/conditions.ts';
import { useConditionWrites, type ReadPosition } from '../api/use-condition-writes.ts';
import { ReportConditionSheet } from './report-condition-sheet.tsx';

interface LiveConditionsProps {
  readonly locationId: string;
  readonly placeName: string;
  readonly signedIn: boolean;
  readonly onSignIn: (source: string) => void;
  readonly readPosition: ReadPosition;
  /** On the map's card: the list stays short and the heading small. */
  readonly compact?: boolean;
}

/** What "not any more" says for a condition that a fix or a reopening ends. */
const ENDED_BY: Partial<Record<ConditionKind, 'fixed' | 'openAgain'>> = {
  broken: 'fixed',
  closed: 'openAgain',
};

export function LiveConditions(props: LiveConditionsProps) {
  const { locationId, signedIn, onSignIn } = props;
  const { t, i18n } = useTranslation('conditions');
  const clock = useNow();
  const conditions = usePlaceConditions(locationId);
  const online = useIsOnline();
  // Offline the answer is the saved copy: shown as it was then, and said so.
  // Offline, the conditions shown came with the place's page answer (issue 42): as of its date.
  const savedAt = useSavedCopyDate(placePagePath(locationId));
  const now = savedAt ?? clock;
  const { report, answer } = useConditionWrites(locationId, props.readPosition);
  const [sheetOpen, setSheetOpen] = useState(false);
  const shown = (conditions.data?.conditions ?? []).filter((condition) => isShown(condition, now));
  const listed = props.compact ? shown.slice(0, 2) : shown;
  const savedTime = savedAt ? savedTimeText(savedAt, clock, i18n.language) : null;
  const unknownOffline = !online && conditions.data === undefined;

  return (
    <section
      aria-labelledby={`live-reports-${locationId}`}
      className="flex flex-col gap-2"
      data-testid="live-conditions"
    >
      <h2
        id={`live-reports-${locationId}`}
        className={props.compact ? 'text-base font-bold text-ink' : 'font-display text-xl font-bold text-ink'}
      >
        {t('liveReports')}
      </h2>
      {savedTime !== null && listed.length > 0 && (
        <p className="text-base font-bold text-sun-800">{t('asOf', { time: savedTime })}</p>
      )}
      {unknownOffline ? (
        <p className="text-base text-gray-700">{t('notSavedOffline')}</p>
      ) : listed.length === 0 ? (
        <p className="text-base text-gray-700">
          {savedTime === null ? t('nothingReported') : t('nothingReportedAsOf', { time: savedTime })}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {listed.map((condition) => (
            <ConditionRow
              key={condition.id}
              condition={condition}
              now={now}
              busy={answer.isPending}
              onAnswer={(still) => {
                if (!signedIn) {
                  onSignIn('condition_answer');
                  return;
                }
                answer.mutate({ reportId: condition.id, still });
              }}
            />
          ))}
        </ul>
      )}
      <button
        type="button"
        className={buttonClassName('secondary', 'w-full sm:w-auto')}
        onClick={() => {
          if (signedIn) setSheetOpen(true);
          else onSignIn('condition_report');
        }}
      >
        <Radio aria-hidden="true" className="h-5 w-5" />
        {t('reportButton')}
      </button>
      <ReportConditionSheet
        open={sheetOpen}
        placeName={props.placeName}
        sending={report.isPending}
        onDismiss={() => {
          setSheetOpen(false);
        }}
        onReport={(kind, equipment) => {
          report.mutate(
            { kind, ...(equipment === undefined ? {} : { equipment }) },
            {
              onSuccess: () => {
                setSheetOpen(false);
              },
            },
          );
        }}
      />
    </section>
  );
}

function ConditionRow({
  condition,
  now,
  busy,
  onAnswer,
}: {
  readonly condition: LiveCondition;
  readonly now: Date;
  readonly busy: boolean;
  readonly onAnswer: (still: boolean) => void;
}) {
  const { t } = useTranslation('conditions');
  const Icon = CONDITION_ICONS[condition.kind];
  const name = conditionName(t, condition);
  const ended = ENDED_BY[condition.kind] ?? 'gone';
  const mine = condition.myAnswer === 'still';
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-gray-200 bg-white p-3"
      data-testid="live-condition"
    >
      <div className="flex items-start gap-3">
        <span
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${CONDITION_TONES[condition.kind]}`}
        >
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <p className="font-bold text-ink">{name}</p>
          <p className="text-sm text-gray-700">
            {conditionAge(t, condition.lastConfirmedAt, now)} · {t('parents', { count: condition.parents })}
            {condition.verifiedVisitors > 0 && (
              <> · {t('verifiedVisitors', { count: condition.verifiedVisitors })}</>
            )}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-pressed={mine}
          disabled={busy}
          className={buttonClassName(
            mine ? 'primary' : 'secondary',
            'min-h-11 flex-1 px-3 whitespace-nowrap',
          )}
          aria-label={t('stillTrueLabel', { name })}
          onClick={() => {
            onAnswer(true);
          }}
        >
          <Check aria-hidden="true" className="h-5 w-5" />
          {t('stillTrue')}
        </button>
        <button
          type="button"
          disabled={busy}
          className={buttonClassName('secondary', 'min-h-11 flex-1 px-3 whitespace-nowrap')}
          aria-label={t(`${ended}Label`, { name })}
          onClick={() => {
            onAnswer(false);
          }}
        >
          <X aria-hidden="true" className="h-5 w-5" />
          {t(ended)}
        </button>
      </div>
    </li>
  );
}
