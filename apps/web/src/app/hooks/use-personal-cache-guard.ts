/**
 * One person's saved answers are never shown to the next (issue 16). The service worker keeps
 * places (with the caller's own votes), areas and who is signed in for offline use; when the
 * person signed in on this device changes (sign-out, another account, an ended session), those
 * caches are emptied, and writes still waiting to be sent by the one who left are dropped.
 */
import { useEffect } from 'react';
import { PERSONAL_CACHES } from '../../config/offline-caches.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { clearCaches } from '../../platform/offline-caches.ts';
import { readStoredText, writeStoredText } from '../../platform/storage.ts';

/** Who the saved answers belong to: an account's creation time, or '' for nobody. */
const SAVED_FOR_KEY = 'offlineSavedFor_v1';

export function usePersonalCacheGuard(): void {
  const me = useCurrentUser();
  // Known only once /api/me has answered (from the network or, offline, the saved copy).
  const identity = me.isSuccess ? (me.data?.createdAt ?? '') : null;
  useEffect(() => {
    if (identity === null) return;
    const savedFor = readStoredText(SAVED_FOR_KEY);
    if (savedFor === identity) return;
    writeStoredText(SAVED_FOR_KEY, identity);
    // A first visit has nothing saved for anyone else.
    if (savedFor === null) return;
    if (savedFor !== '') {
      void import('../../lib/offline-outbox.ts').then(({ clearQueuedWrites }) => {
        clearQueuedWrites();
      });
    }
    void clearCaches(PERSONAL_CACHES);
  }, [identity]);
}
