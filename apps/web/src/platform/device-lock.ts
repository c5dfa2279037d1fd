/**
 * A lock shared by every tab of the app on this device (Web Locks), so two tabs do not both
 * send the same saved write. Without Web Locks the work simply runs.
 */
export async function withDeviceLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work();
  return navigator.locks.request(name, work);
}
