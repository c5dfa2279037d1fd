/** The list's messages when it failed or found nothing: what happened, and a way forward. */
import type { PlaceFilters } from '@playspot/core';
import { CloudOff, Search, SearchX, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { filterNames } from '../utils/filter-names.ts';

function StateMessage(props: {
  readonly icon: ReactNode;
  readonly title: string;
  readonly children: ReactNode;
  readonly action?: ReactNode;
  readonly role?: 'alert' | 'status';
}) {
  return (
    <div role={props.role} className="flex flex-col items-center px-6 py-8 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-3xl bg-sun-100 text-sun-700"
      >
        {props.icon}
      </span>
      <h3 className="mt-4 font-display text-xl font-medium text-ink">{props.title}</h3>
      <p className="mt-1 max-w-xs text-base text-gray-700">{props.children}</p>
      {props.action && <div className="mt-4">{props.action}</div>}
    </div>
  );
}

export function ListError({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation('map');
  return (
    <StateMessage
      role="alert"
      icon={<CloudOff className="h-8 w-8" />}
      title={t('list.errorTitle')}
      action={<Button onClick={onRetry}>{t('list.tryAgain')}</Button>}
    >
      {t('list.errorText')}
    </StateMessage>
  );
}

interface ListEmptyProps {
  /** The filters that are on: named, with a way to clear them (issue 45). */
  readonly filters: PlaceFilters;
  /** Null when no filter is on. */
  readonly onClearFilters: (() => void) | null;
  /** Offered while the parent's position is unknown: search for their town (issue 45). */
  readonly onSearchTown: (() => void) | null;
}

/**
 * The one message for a list with nothing in it (issue 45: the sheet's line, the title and
 * the text said three different things). With filters on it names them and offers to clear
 * them; without, it says the area has none yet and, when the position is unknown, invites a
 * search for the parent's town.
 */
export function ListEmpty({ filters, onClearFilters, onSearchTown }: ListEmptyProps) {
  const { t, i18n } = useTranslation(['map', 'filters', 'common']);
  if (onClearFilters) {
    return (
      <StateMessage
        role="status"
        icon={<SlidersHorizontal className="h-8 w-8" />}
        title={t('list.emptyFilteredTitle')}
        action={
          <Button variant="secondary" onClick={onClearFilters}>
            {t('list.clearFilters')}
          </Button>
        }
      >
        {t('list.emptyFilteredNamed', { filters: filterNames(t, filters, i18n.language) })}
      </StateMessage>
    );
  }
  return (
    <StateMessage
      role="status"
      icon={<SearchX className="h-8 w-8" />}
      title={t('list.emptyTitle')}
      action={
        onSearchTown && (
          <Button variant="secondary" onClick={onSearchTown}>
            <Search aria-hidden="true" className="h-5 w-5" />
            {t('list.searchTown')}
          </Button>
        )
      }
    >
      {onSearchTown ? t('list.emptySearchTown') : t('list.emptyArea')}
    </StateMessage>
  );
}
