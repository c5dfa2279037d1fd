/** The card's place while the place (or the card's code) loads: its shape, pulsing. */
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function PlaceCardSkeleton({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation('map');
  return (
    <div className="p-4">
      <button
        type="button"
        onClick={onClose}
        className="-ms-2 inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-base font-bold text-park-800 hover:bg-park-50"
      >
        <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
        {t('card.back')}
      </button>
      <div role="status" aria-label={t('card.loading')} className="mt-2 flex gap-4 motion-safe:animate-pulse">
        <div className="h-24 w-24 rounded-2xl bg-sun-100" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-6 w-3/4 rounded-full bg-gray-200" />
          <div className="h-4 w-1/3 rounded-full bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
