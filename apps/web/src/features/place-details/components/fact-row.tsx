/**
 * One known fact on the place page (issue 18): its icon, the answer in words ("Not fenced"),
 * how much to trust it ("Confirmed by 3 parents · last on 12 Nov", "From OpenStreetMap"), a
 * visible mark when parents disagree, and the one-tap answers to confirm or correct it: Yes /
 * No beside it, a choice fact's choices under it on a phone.
 */
import type { PlaceFact } from '@playspot/core';
import { TriangleAlert } from 'lucide-react';
import { FACT_ICONS } from '../../../components/fact-icons.ts';
import { answerChoices, factValueText, otherwiseText, trustText } from '../utils/fact-words.ts';
import { FactAnswers } from './fact-answers.tsx';
import { useTranslation } from 'react-i18next';

interface FactRowProps {
  readonly fact: PlaceFact;
  readonly pending: boolean;
  /** Why the last answer to this fact failed, shown under it. */
  readonly error: string | null;
  readonly onAnswer: (value: string) => void;
}

export function FactRow({ fact, pending, error, onAnswer }: FactRowProps) {
  const { t } = useTranslation('location-details');
  const Icon = FACT_ICONS[fact.key];
  const otherwise = fact.disputed ? otherwiseText(fact) : null;
  // Yes / No (or one "That's right") fit beside the fact even on a 390 px phone.
  const beside = answerChoices(fact.key, fact.value).length <= 2;
  const answers = (
    <FactAnswers
      factKey={fact.key}
      shown={fact.value}
      myAnswer={fact.myAnswer}
      pending={pending}
      onAnswer={onAnswer}
    />
  );
  return (
    <li
      data-testid={`fact-${fact.key}`}
      className={`flex items-start gap-3 p-3 ${fact.disputed ? 'bg-amber-50' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${
          fact.disputed ? 'bg-amber-100 text-amber-800' : 'bg-park-50 text-park-700'
        }`}
      >
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div
          className={`flex gap-x-4 gap-y-2 ${beside ? 'items-center' : 'flex-col sm:flex-row sm:items-center'}`}
        >
          <div className="min-w-0 flex-1">
            <p className="text-base font-bold break-words text-ink">{factValueText(fact.key, fact.value)}</p>
            <p className="text-sm text-gray-700">{trustText(fact)}</p>
          </div>
          <div className={beside ? 'shrink-0' : 'sm:max-w-[55%] sm:shrink-0'}>{answers}</div>
        </div>
        {fact.disputed && (
          <p className="mt-1.5 flex items-start gap-1 text-sm font-bold text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {t('factWords.disputed')}
              {otherwise && <span className="font-normal"> · {otherwise}</span>}
            </span>
          </p>
        )}
        {error && (
          <p role="alert" className="mt-1.5 text-sm font-bold text-red-800">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
