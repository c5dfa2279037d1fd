import { useEffect, useState } from 'react';
import { pageDrawnAt } from '../lib/page-time.ts';
import { useHydrated } from '../lib/use-hydrated.tsx';

/**
 * The time, refreshed every minute: ages ("40 min ago") move on and ended conditions go. While
 * the browser hydrates a page the server drew, the time the server drew it with.
 */
export function useNow(everyMs = 60_000): Date {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  const drawnAt = hydrated ? null : pageDrawnAt();
  return drawnAt === null ? now : new Date(drawnAt);
}
