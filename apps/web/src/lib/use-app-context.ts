/**
 * Where the app runs (platform/device.ts), for what a component draws. The server knows no
 * device and draws for a desktop browser; the browser draws the same while it hydrates that
 * HTML, then what fits the device (an App Store button on an iPhone, its maps app), so the
 * first render matches the server's (issue 42).
 */
import { detectAppContext, type AppContext } from '../platform/device.ts';
import { useHydrated } from './use-hydrated.tsx';

const AS_THE_SERVER_DRAWS: AppContext = { kind: 'desktop' };

export function useAppContext(): AppContext {
  return useHydrated() ? detectAppContext() : AS_THE_SERVER_DRAWS;
}
