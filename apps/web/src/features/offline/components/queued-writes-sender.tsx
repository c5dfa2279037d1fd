/**
 * Sends the writes kept while offline (lib/offline-outbox.ts) when the connection returns,
 * and when the app starts with some waiting: tells the person each one went out, or why one
 * could not and what it said, and refreshes what the write changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { queuedWrites, sendQueuedWrites } from '../../../lib/offline-outbox.ts';
import { useOnline } from '../hooks/use-online.ts';

export function QueuedWritesSender() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!online || queuedWrites().length === 0) return;
    void sendQueuedWrites().then(async ({ sent, refused }) => {
      // In the person's language (issue 45), with the place's name when the write has it.
      for (const write of sent) {
        notifySuccess(
          write.placeName ? t('outbox.sent', { place: write.placeName }) : t('outbox.sentNoPlace'),
        );
      }
      for (const { write, error } of refused) {
        const values = { place: write.placeName, reason: error.message, text: write.text };
        handleError(
          error,
          write.placeName ? t('outbox.refused', values) : t('outbox.refusedNoPlace', values),
        );
      }
      const keys = [...sent, ...refused.map((entry) => entry.write)].flatMap((write) => write.refreshes);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    });
  }, [online, queryClient, t]);
  return null;
}
