/**
 * The facts a place is known for, in brief (issue 18): up to three of the fact filters that
 * hold (fenced, toilets…), each an icon and a word, on the map's list rows and card. Nothing
 * when none is known.
 */
import type { FactFilter } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { FACT_FILTER_ICONS } from './fact-filter-icons.ts';

/** More than three would wrap a list row on a 390 px phone. */
const MAX_CHIPS = 3;

interface FactChipsProps {
  readonly facts: readonly FactFilter[] | undefined;
  /** A list row: shorter words, smaller icons. */
  readonly compact?: boolean;
  readonly className?: string;
}

export function FactChips({ facts, compact = false, className = '' }: FactChipsProps) {
  const { t } = useTranslation();
  if (facts === undefined || facts.length === 0) return null;
  return (
    <ul
      aria-label={t('facts.label')}
      className={`flex flex-wrap gap-x-3 gap-y-1 text-sm font-semibold text-park-800 ${className}`}
    >
      {facts.slice(0, MAX_CHIPS).map((fact) => {
        const Icon = FACT_FILTER_ICONS[fact];
        return (
          <li key={fact} className="inline-flex items-center gap-1 whitespace-nowrap">
            <Icon aria-hidden="true" className={compact ? 'h-4 w-4 shrink-0' : 'h-5 w-5 shrink-0'} />
            {/* Shorter words where a row is narrow. */}
            {compact ? t(`facts.short.${fact}`) : t(`facts.filters.${fact}`)}
          </li>
        );
      })}
    </ul>
  );
}
