/** The current time, refreshed every `intervalMs`, so 'Happening now' and 'starts in' stay true on screen. */
import { useNow as useSharedNow } from '../../../components/use-now.ts';

export function useNow(intervalMs = 30_000): Date {
  return useSharedNow(intervalMs);
}
