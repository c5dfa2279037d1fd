/**
 * Registers the service worker. "A new version is ready": a new release has been downloaded
 * in the background; it takes over only when the person reloads (nothing changes under
 * their fingers mid-comment). When a first worker takes charge, what is on screen is asked
 * for again, through it, so this first visit is saved for offline use too.
 */
import { RefreshCw } from 'lucide-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { registerServiceWorker, type ApplyUpdate } from '../../../platform/service-worker.ts';
import { useTranslation } from 'react-i18next';

/**
 * Every answer is marked stale, and what is on screen asked again, one query per task: all at
 * once, the fetches alone were a long task on a phone while the page was still settling
 * (issue 28).
 */
async function askAgainThroughWorker(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ refetchType: 'none' });
  for (const query of queryClient.getQueryCache().findAll({ type: 'active' })) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' });
  }
}

export function UpdateReady() {
  const { t } = useTranslation('offline');
  const [applyUpdate, setApplyUpdate] = useState<ApplyUpdate | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    registerServiceWorker({
      onUpdateReady: (apply) => {
        setApplyUpdate(() => apply);
      },
      onFirstControl: () => {
        void askAgainThroughWorker(queryClient);
      },
    });
  }, [queryClient]);
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
