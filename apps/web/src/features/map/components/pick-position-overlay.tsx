/**
 * Setting a location by hand, for fingers and keyboards alike: a pin stays in the middle of
 * the map while the person moves the map under it, then 'Set my location here' uses the
 * map's centre. (A long-press or right-click on the map does the same in one step.)
 */
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

interface PickPositionOverlayProps {
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function PickPositionOverlay({ onConfirm, onCancel }: PickPositionOverlayProps) {
  const { t } = useTranslation('map');
  return (
    <>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 z-[500] flex items-center justify-center"
      >
        <MapPin className="-mt-10 h-10 w-10 fill-me text-white drop-shadow-lg" strokeWidth={1.5} />
      </div>
      <div
        role="group"
        aria-label={t('controls.setByHand')}
        className="pointer-events-auto absolute inset-x-3 top-3 z-[600] mx-auto max-w-md rounded-3xl bg-white p-4 shadow-xl"
      >
        <p className="text-base text-ink">{t('pick.hint')}</p>
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onCancel}>
            {t('pick.cancel')}
          </Button>
          <Button className="flex-[2] !bg-me hover:!bg-blue-700" onClick={onConfirm}>
            {t('pick.confirm')}
          </Button>
        </div>
      </div>
    </>
  );
}
