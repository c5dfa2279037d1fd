/**
 * "Add what you know" (issue 18): the questions parents ask most that nobody has answered for
 * this place yet, folded away so the page stays calm; each a compact row answered in one tap.
 */
import type { FactKey } from '@playspot/core';
import { ChevronDown, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { FACT_ICONS } from '../../../components/fact-icons.ts';
import type { FactAnswerError } from '../hooks/use-fact-answer.ts';
import { FactAnswers } from './fact-answers.tsx';
import { useTranslation } from 'react-i18next';

/**
 * What parents ask first, in that order (the rest can be added once known). A baby swing, a
 * sandpit and water play are asked in Play equipment (issue 49: one answer for each).
 */
export const COMMON_FACTS: readonly FactKey[] = [
  'toilets',
  'changing_table',
  'fenced',
  'shade',
  'wheelchair',
  'drinking_water',
  'parking',
];

interface AddFactsProps {
  /** The common facts nothing is known of yet. */
  readonly unknown: readonly FactKey[];
  readonly pending: ReadonlySet<FactKey>;
  readonly error: FactAnswerError | null;
  readonly onAnswer: (key: FactKey, value: string) => void;
}

export function AddFacts({ unknown, pending, error, onAnswer }: AddFactsProps) {
  const { t } = useTranslation('location-details');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (unknown.length === 0) return null;
  return (
    <div className="rounded-2xl bg-sun-50 ring-1 ring-sun-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
        }}
        className="flex min-h-12 w-full items-center gap-3 rounded-2xl px-3 text-start focus-visible:outline-3 focus-visible:outline-sky-600"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white text-sun-700 ring-1 ring-sun-200"
        >
          <Plus className="h-5 w-5" />
        </span>
        <span className="flex-1">
          <span className="block text-base font-bold text-ink">{t('facts.add')}</span>
          <span className="block text-sm text-gray-700">
            {t('facts.questions', { count: unknown.length })}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`h-5 w-5 shrink-0 text-gray-700 transition-transform duration-150 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <ul id={panelId} className="divide-y divide-sun-200 border-t border-sun-200 px-3">
          {unknown.map((key) => {
            const Icon = FACT_ICONS[key];
            return (
              <li key={key} data-testid={`add-fact-${key}`} className="flex items-start gap-3 py-2">
                <Icon aria-hidden="true" className="mt-3 h-5 w-5 shrink-0 text-sun-800" />
                <div className="min-w-0 flex-1">
                  <FactAnswers
                    factKey={key}
                    shown={null}
                    myAnswer={null}
                    pending={pending.has(key)}
                    onAnswer={(value) => {
                      onAnswer(key, value);
                    }}
                    variant="question"
                  />
                  {error?.key === key && (
                    <p role="alert" className="mt-1 text-sm font-bold text-red-800">
                      {error.message}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
