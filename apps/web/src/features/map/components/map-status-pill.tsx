/**
 * A floating note at the top of the map: loading, or a failed load with a retry. Offline it
 * tells the same story as the list and the banner (issue 49): the saved places are shown with
 * no note, or it says none are saved here; never "loading" for an answer that waits for a
 * connection.
 */
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useIsOnline } from '../../../lib/use-saved-copy.ts';

interface MapStatusPillProps {
  readonly loading: boolean;
  readonly failed: boolean;
  /** Whether the map shows places here (offline: saved ones). */
  readonly shown: boolean;
  readonly onRetry: () => void;
}

export function MapStatusPill({ loading, failed, shown, onRetry }: MapStatusPillProps) {
  const { t } = useTranslation('map');
  const online = useIsOnline();
  if (!online) {
    if (shown) return null;
    return (
      <div role="status" className="rounded-full bg-white/95 px-4 py-2 text-sm font-bold text-ink shadow-lg">
        {t('status.noneSaved')}
      </div>
    );
  }
  if (failed) {
    return (
      <div
        role="alert"
        className="pointer-events-auto flex items-center gap-2 rounded-full bg-white py-1 pe-1 ps-4 text-sm font-bold text-ink shadow-lg"
      >
        {t('status.failed')}
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-11 items-center gap-1 rounded-full bg-sun-700 px-4 text-white hover:bg-sun-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {t('status.retry')}
        </button>
      </div>
    );
  }
  if (!loading) return null;
  return (
    <div className="flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-bold text-ink shadow-lg">
      <Spinner label={t('list.loading')} className="h-4 w-4 text-sun-700" />
      <span aria-hidden="true">{t('status.loading')}</span>
    </div>
  );
}
