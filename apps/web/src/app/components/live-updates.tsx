/**
 * Live updates (issue 32): what another parent changes on a place shown here (a vote, comment,
 * photo, condition report, fact answer) is read again within moments, without a reload. One
 * stream follows the places the queries on screen show; a change refreshes those showing it
 * (a moment's grouping: a comment with its photo is one refresh). Mounted after the first paint.
 */
import type { LiveChange } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveStream } from '../../lib/live-stream.ts';
import { isOnline, onConnectivityChange } from '../../platform/network.ts';
import { liveFollowingOf, showsChange } from '../live-queries.ts';

/** How long the shown queries settle before the stream follows them (panning, typing). */
const FOLLOW_AFTER_MS = 400;
/** Changes arriving within this are refreshed together. */
const REFRESH_AFTER_MS = 150;

export function LiveUpdates() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const cache = queryClient.getQueryCache();
    let changes: LiveChange[] = [];
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      refreshTimer = null;
      const due = changes;
      changes = [];
      void queryClient.invalidateQueries({
        predicate: (query) =>
          due.some((change) => showsChange({ queryKey: query.queryKey, data: query.state.data }, change)),
      });
    };
    const stream = new LiveStream({
      onChange: (change) => {
        changes.push(change);
        refreshTimer ??= setTimeout(refresh, REFRESH_AFTER_MS);
      },
      onReset: () => {
        const shown = new Set(liveFollowingOf(onScreen()).places);
        void queryClient.invalidateQueries({
          predicate: (query) =>
            [...shown].some((locationId) =>
              showsChange(
                { queryKey: query.queryKey, data: query.state.data },
                { locationId, position: null },
              ),
            ) || query.queryKey[1] === 'viewport',
        });
      },
    });
    const onScreen = () =>
      cache
        .getAll()
        .filter((query) => query.getObserversCount() > 0)
        .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
    let followTimer: ReturnType<typeof setTimeout> | null = null;
    const follow = () => {
      followTimer = null;
      stream.follow(liveFollowingOf(onScreen()));
    };
    const unsubscribe = cache.subscribe(() => {
      followTimer ??= setTimeout(follow, FOLLOW_AFTER_MS);
    });
    follow();
    stream.setOnline(isOnline());
    const stopWatching = onConnectivityChange(() => {
      stream.setOnline(isOnline());
    });
    return () => {
      unsubscribe();
      stopWatching();
      stream.close();
      if (followTimer !== null) clearTimeout(followTimer);
      if (refreshTimer !== null) clearTimeout(refreshTimer);
    };
  }, [queryClient]);

  return null;
}
