/**
 * "Right now" on the map (issue 33): a labelled pill under the search box. Its panel loads
 * on the first tap (with the opening-hours rule it needs), and is precached for offline use.
 */
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function RightNowButton({ onClick }: { readonly onClick: () => void }) {
  const { t } = useTranslation('map');
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid="right-now-button"
      className="pointer-events-auto inline-flex h-11 items-center gap-1.5 rounded-full bg-white px-4 text-base font-bold text-ink shadow-lg ring-1 ring-black/5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:bg-gray-100"
    >
      <Zap aria-hidden="true" className="h-5 w-5 shrink-0 fill-sun-500 text-sun-700" />
      {t('rightNow.button')}
    </button>
  );
}
