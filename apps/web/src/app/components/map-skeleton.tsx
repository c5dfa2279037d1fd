/** Shown while the map's code loads: the map's colour and a calm note, not a blank page. */
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from 'react-i18next';

export function MapSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex h-[calc(100dvh-4rem-env(safe-area-inset-top)-var(--offline-banner-height,0px))] items-center justify-center bg-map">
      <div className="flex items-center gap-3 rounded-full bg-white px-5 py-3 text-base font-bold text-ink shadow-lg">
        <Spinner label={t('loadingMap')} className="h-5 w-5 text-sun-700" />
        <span aria-hidden="true">{t('loadingMapDots')}</span>
      </div>
    </div>
  );
}
