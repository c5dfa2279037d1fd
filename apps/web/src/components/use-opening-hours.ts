/**
 * Core's opening-hours rule, loaded on first use (its own chunk: the hours package is large),
 * with each distinct value parsed once for the life of the page.
 */
import type { OpeningHours, OpeningStatus } from '@playspot/core/opening-hours';
import { useEffect, useState } from 'react';

export interface OpeningHoursReader {
  statusOf(value: string, timeZone: string, now: Date): OpeningStatus;
  isOpen(value: string, timeZone: string, now: Date): boolean;
}

let reader: OpeningHoursReader | null = null;
let loading: Promise<OpeningHoursReader> | null = null;

/** Loads the rule (once); resolves with the same reader every time. */
export function loadOpeningHours(): Promise<OpeningHoursReader> {
  loading ??= import('@playspot/core/opening-hours').then((rule) => {
    const parsed = new Map<string, OpeningHours>();
    const parse = (value: string) => {
      let hours = parsed.get(value);
      if (!hours) {
        hours = rule.parseOpeningHours(value);
        parsed.set(value, hours);
      }
      return hours;
    };
    reader = {
      statusOf: (value, timeZone, now) => rule.openingStatusAt(parse(value), timeZone, now),
      isOpen: (value, timeZone, now) => rule.isOpenAt(parse(value), timeZone, now),
    };
    return reader;
  });
  return loading;
}

/**
 * The reader once loaded; null the first moment (the component draws nothing then). `needed`
 * false (the place has no hours: its status is "unknown" without the rule) loads nothing, so
 * a list of places without hours never downloads the hours package (about 90 KB).
 */
export function useOpeningHours(needed = true): OpeningHoursReader | null {
  const [loaded, setLoaded] = useState(reader);
  useEffect(() => {
    if (loaded || !needed) return;
    let cancelled = false;
    void loadOpeningHours().then((ready) => {
      if (!cancelled) setLoaded(ready);
    });
    return () => {
      cancelled = true;
    };
  }, [loaded, needed]);
  return loaded;
}
