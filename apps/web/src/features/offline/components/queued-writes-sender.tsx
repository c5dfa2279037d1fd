/**
 * Sends the writes kept while offline (lib/offline-outbox.ts) when the connection returns,
 * and when the app starts with some waiting: tells the person each one went out, or why one
 * could not and what it said, and refreshes what the write changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { queuedWrites, sendQueuedWrites } from '../../../lib/offline-outbox.ts';
import { useOnline } from '../hooks/use-online.ts';

export function QueuedWritesSender() {
  const online = useOnline();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!online || queuedWrites().length === 0) return;
    void sendQueuedWrites().then(async ({ sent, refused }) => {
      for (const write of sent) notifySuccess(`Back online: ${write.description} is posted.`);
      for (const { write, error } of refused) {
        const what = write.description.charAt(0).toUpperCase() + write.description.slice(1);
        handleError(error, `${what} could not be posted (${error.message}). It said: “${write.text}”`);
      }
      const keys = [...sent, ...refused.map((entry) => entry.write)].flatMap((write) => write.refreshes);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    });
  }, [online, queryClient]);
  return null;
}
