/** Configuration for apps built in tests: what config.ts would produce for a given setup. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthConfig, OidcProviderConfig } from '../src/config.ts';
import { LocalDiskStorage } from '../src/storage/local-storage.ts';

/** Photo storage in a fresh temporary folder. */
export function testStorage(): LocalDiskStorage {
  return new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'playspot-uploads-')));
}

export const TEST_PUBLIC_URL = new URL('http://localhost:3000');

export function testAuthConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const providers: OidcProviderConfig[] = overrides.providers ?? [];
  return {
    publicUrl: TEST_PUBLIC_URL,
    allowedOrigins: [TEST_PUBLIC_URL.origin],
    providers,
    devSignIn: providers.length === 0,
    sessionIdleMs: 30 * 24 * 60 * 60 * 1000,
    sessionAbsoluteMs: 180 * 24 * 60 * 60 * 1000,
    ...overrides,
  };
}
