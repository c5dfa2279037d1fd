/**
 * Offline, what a page shows is the service worker's saved copy (config/offline-caches.ts):
 * how old it is, so the page can say "as of <time>" instead of passing it off as now.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { OFFLINE_CACHES } from '../config/offline-caches.ts';
import { isOnline, onConnectivityChange } from '../platform/network.ts';
import { savedAnswerDate } from '../platform/offline-caches.ts';
import { apiUrl } from './api-client.ts';
import { intlLocale } from './i18n/format.ts';

export function useIsOnline(): boolean {
  return useSyncExternalStore(onConnectivityChange, isOnline, () => true);
}

/** Offline: when the saved answer of this place path (/api/locations/…) was given; else null. */
export function useSavedCopyDate(path: string): Date | null {
  const online = useIsOnline();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (online) {
      setSavedAt(null);
      return;
    }
    let current = true;
    void savedAnswerDate(OFFLINE_CACHES.places, apiUrl(path)).then((date) => {
      if (current) setSavedAt(date);
    });
    return () => {
      current = false;
    };
  }, [online, path]);
  return savedAt;
}

/** "14:05" today, else "Tue 14:05" (within the week) or "3 Nov, 14:05", in the reader's language. */
export function savedTimeText(date: Date, now: Date, language: string): string {
  const sameDay = date.toDateString() === now.toDateString();
  const withinWeek = now.getTime() - date.getTime() < 6 * 24 * 3600_000;
  const locale = intlLocale(language);
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : withinWeek ? { weekday: 'short' } : { day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
