/**
 * The town chosen in the search, named above the list (issue 45: after choosing München the
 * map moved, and nothing on screen said so): "Near München", a way to let it go, and "Back to
 * my position" when the app knows where the parent is.
 */
import { LocateFixed, MapPin, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface TownChipProps {
  readonly town: string;
  readonly onClear: () => void;
  /** Null when no position is known: there is nothing to go back to. */
  readonly onBackToPosition: (() => void) | null;
}

export function TownChip({ town, onClear, onBackToPosition }: TownChipProps) {
  const { t } = useTranslation('search');
  return (
    <div className="mx-3 mt-2 flex flex-wrap items-center gap-2" data-testid="town-chip">
      <span className="inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full bg-sky-100 ps-3 text-base font-bold text-sky-950 ring-1 ring-sky-200">
        <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span className="min-w-0 truncate">{t('chip.near', { town })}</span>
        <button
          type="button"
          onClick={onClear}
          aria-label={t('chip.clear', { town })}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-sky-200 focus-visible:outline-3 focus-visible:outline-sky-600"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </span>
      {onBackToPosition && (
        <button
          type="button"
          onClick={onBackToPosition}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-base font-bold text-sky-900 hover:bg-sky-50 focus-visible:outline-3 focus-visible:outline-sky-600"
        >
          <LocateFixed aria-hidden="true" className="h-4 w-4" />
          {t('chip.backToPosition')}
        </button>
      )}
    </div>
  );
}
