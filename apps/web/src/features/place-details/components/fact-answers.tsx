/**
 * One fact's one-tap answers (issue 18): Yes / No, or a choice fact's choices, as toggle
 * buttons; the parent's own answer is pressed, and tapping it again takes it back. Signed
 * out, a tap opens the sign-in dialog instead.
 */
import type { FactKey } from '@playspot/core';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { answerChoices } from '../utils/fact-words.ts';
import { useTranslation } from 'react-i18next';

interface FactAnswersProps {
  readonly factKey: FactKey;
  /** The value the page shows, if any (what "That's right" confirms for hours and ages). */
  readonly shown: string | null;
  readonly myAnswer: string | null;
  readonly pending: boolean;
  readonly onAnswer: (value: string) => void;
  /**
   * 'confirm': beside or under a known fact, which says what it is about (the question names
   * the group for screen readers only); 'question': a fact nobody answered yet, the question
   * as the row's text and the buttons beside it.
   */
  readonly variant?: 'confirm' | 'question';
}

const answerButton =
  'inline-flex min-h-11 min-w-14 items-center justify-center gap-1 rounded-full px-3.5 text-base font-bold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-wait';

export function FactAnswers({
  factKey,
  shown,
  myAnswer,
  pending,
  onAnswer,
  variant = 'confirm',
}: FactAnswersProps) {
  const { t } = useTranslation('location-details');
  const { whenSignedIn } = useSignedInAction();
  const questionId = useId();
  const question = t(`factWords.questions.${factKey}`);
  const choices = answerChoices(factKey, shown);
  if (choices.length === 0) return null;
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      aria-busy={pending}
      className={`flex flex-wrap items-center gap-x-2 gap-y-1.5 ${variant === 'question' ? 'justify-between' : 'sm:justify-end'}`}
    >
      <span id={questionId} className={variant === 'question' ? 'text-base font-bold text-ink' : 'sr-only'}>
        {question}
      </span>
      <span className={`flex flex-wrap gap-1.5 ${variant === 'confirm' ? 'sm:justify-end' : ''}`}>
        {choices.map((choice) => {
          const pressed = myAnswer === choice.value;
          return (
            <button
              key={choice.value}
              type="button"
              aria-pressed={pressed}
              disabled={pending}
              className={`${answerButton} ${
                pressed
                  ? 'bg-park-700 text-white hover:bg-park-800'
                  : 'bg-white text-ink ring-1 ring-gray-300 ring-inset hover:bg-gray-50'
              }`}
              onClick={() => {
                whenSignedIn('fact_answer', () => {
                  onAnswer(choice.value);
                });
              }}
            >
              {pressed && <Check aria-hidden="true" className="h-4 w-4" />}
              {choice.label}
            </button>
          );
        })}
      </span>
    </div>
  );
}
