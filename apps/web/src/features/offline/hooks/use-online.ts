/** Whether the device has a connection, re-rendering when it comes or goes. */
import { useSyncExternalStore } from 'react';
import { isOnline, onConnectivityChange } from '../../../platform/network.ts';

export function useOnline(): boolean {
  return useSyncExternalStore(onConnectivityChange, isOnline, () => true);
}
