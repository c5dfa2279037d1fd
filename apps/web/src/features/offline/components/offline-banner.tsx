/**
 * Says so when the device is offline: what is on screen is what this device saved (places
 * and areas looked at in the last days), and writes wait to be sent.
 */
import { WifiOff } from 'lucide-react';
import { useOnline } from '../hooks/use-online.ts';
import { useTranslation } from 'react-i18next';

/** The banner's height (h-9), which full-height pages leave free while it shows. */
export const OFFLINE_BANNER_HEIGHT = '2.25rem';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-16 z-[790] flex h-9 shrink-0 items-center justify-center gap-2 bg-ink px-4 text-center text-sm font-bold text-white"
    >
      <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>{t('offline.banner')}</span>
    </div>
  );
}
