/**
 * Google and Apple sign-in with the system's own sheets (@capgo/capacitor-social-login).
 * The SDK returns an ID token carrying the server's one-time nonce; the server checks it
 * and answers with a bearer session (POST /api/auth/{provider}/id-token).
 * Apple is offered on iOS only: on Android it would be a web page, which the web app has.
 */
import { SocialLogin } from '@capgo/capacitor-social-login';
import type { SignInProvider } from '@playspot/core';
import { env } from '../../config/env.ts';
import {
  SignInCancelled,
  type DeviceIdentity,
  type NativePlatform,
  type NativeShell,
} from '../native-shell-contract.ts';
import { closedByPerson } from './cancellation.ts';

export function availableProviders(platform: NativePlatform): SignInProvider[] {
  const googleClient = platform === 'ios' ? env.googleIosClientId : env.googleWebClientId;
  return [
    ...(googleClient ? (['google'] as const) : []),
    ...(platform === 'ios' ? (['apple'] as const) : []),
  ];
}

let initialized: Promise<void> | null = null;

function initialize(platform: NativePlatform): Promise<void> {
  initialized ??= SocialLogin.initialize({
    ...(availableProviders(platform).includes('google')
      ? {
          google: {
            mode: 'online' as const,
            ...(env.googleIosClientId ? { iOSClientId: env.googleIosClientId } : {}),
            ...(env.googleWebClientId ? { webClientId: env.googleWebClientId } : {}),
          },
        }
      : {}),
    ...(platform === 'ios' ? { apple: {} } : {}),
  }).catch((error: unknown) => {
    initialized = null;
    throw error;
  });
  return initialized;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function nativeSignIn(platform: NativePlatform): Pick<NativeShell, 'signIn' | 'signOutOfProviders'> {
  return {
    async signIn(provider, nonce): Promise<DeviceIdentity> {
      await initialize(platform);
      try {
        if (provider === 'google') {
          const { result } = await SocialLogin.login({ provider: 'google', options: { nonce } });
          if (result.responseType !== 'online' || !result.idToken) throw new Error('Google gave no ID token');
          return { idToken: result.idToken };
        }
        // Apple puts what it is given into the token; the server expects the nonce's SHA-256.
        const { result } = await SocialLogin.login({
          provider: 'apple',
          options: { nonce: await sha256Hex(nonce), scopes: ['email', 'name'] },
        });
        if (!result.idToken) throw new Error('Apple gave no ID token');
        const { givenName, familyName } = result.profile;
        return {
          idToken: result.idToken,
          ...(givenName || familyName
            ? { name: { ...(givenName ? { givenName } : {}), ...(familyName ? { familyName } : {}) } }
            : {}),
        };
      } catch (error) {
        if (closedByPerson(error)) throw new SignInCancelled();
        throw error;
      }
    },
    async signOutOfProviders() {
      if (initialized === null) return;
      // Google remembers the account chosen; signing out of PlaySpot forgets it too.
      if (availableProviders(platform).includes('google')) {
        await SocialLogin.logout({ provider: 'google' }).catch(() => undefined);
      }
    },
  };
}
