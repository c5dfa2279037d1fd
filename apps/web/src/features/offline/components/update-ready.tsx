/**
 * Registers the service worker. "A new version is ready": a new release has been downloaded
 * in the background; it takes over only when the person reloads (nothing changes under
 * their fingers mid-comment). When a first worker takes charge, the reads made before it are
 * passed through it, so this first visit is saved for offline use too.
 */
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { passEarlierReadsThroughWorker } from '../../../lib/api-client.ts';
import { registerServiceWorker, type ApplyUpdate } from '../../../platform/service-worker.ts';
import { useTranslation } from 'react-i18next';

export function UpdateReady() {
  const { t } = useTranslation('offline');
  const [applyUpdate, setApplyUpdate] = useState<ApplyUpdate | null>(null);
  useEffect(() => {
    registerServiceWorker({
      onUpdateReady: (apply) => {
        setApplyUpdate(() => apply);
      },
      onFirstControl: () => {
        void passEarlierReadsThroughWorker();
      },
    });
  }, []);
  if (applyUpdate === null) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-[1500] mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-white p-3 ps-4 shadow-2xl ring-1 ring-black/10"
    >
      <RefreshCw aria-hidden="true" className="h-5 w-5 shrink-0 text-sun-700" />
      <p className="flex-1 text-base font-bold text-ink">{t('update.ready')}</p>
      <button type="button" className={buttonClassName('primary', 'shrink-0')} onClick={applyUpdate}>
        {t('update.reload')}
      </button>
    </div>
  );
}
