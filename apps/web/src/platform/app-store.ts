/** The iOS and Android store listings of the native app (URLs from the build config). */
import { env } from '../config/env.ts';
import type { StorePlatform } from './device.ts';

export function storeListingUrl(platform: StorePlatform): string {
  return platform === 'ios' ? env.appStoreUrl : env.playStoreUrl;
}
