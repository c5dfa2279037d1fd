import type { CurrentUser } from '@playspot/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { installFakeApi, UNAUTHORIZED, type Reply } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { AccountArea } from './account-area.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

const user: CurrentUser = {
  userName: 'sunny_parent',
  displayName: null,
  photoURL: null,
  role: 'basic',
  level: 2,
  points: 150,
  createdAt: '2026-01-01T00:00:00.000Z',
  email: null,
  leveledUp: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let track: MockInstance<typeof analytics.track>;
let signedIn = false;

interface SetUp {
  readonly providers: { provider: 'google' | 'apple'; web: boolean; native: boolean }[];
  readonly development: boolean;
  readonly isNewUser?: boolean;
}

function setUp({ isNewUser = true, ...options }: SetUp) {
  signedIn = false;
  const signInRequests: unknown[] = [];
  installFakeApi({
    '/api/auth/options': { status: 200, body: options },
    '/api/me': (): Reply => (signedIn ? { status: 200, body: user } : UNAUTHORIZED),
    '/api/me/points': {
      status: 200,
      body: { points: 150, level: 2, pointsToNextLevel: 150, levelProgress: 0.25 },
    },
    '/api/auth/development/sign-in': ({ body }): Reply => {
      signInRequests.push(body);
      signedIn = true;
      return { status: 200, body: { user, expiresAt: '2026-06-01T00:00:00.000Z', isNewUser } };
    },
    '/api/auth/sign-out': (): Reply => {
      signedIn = false;
      return { status: 204 };
    },
  });
  renderAt(
    <>
      <AccountArea />
      <SignInDialog />
    </>,
  );
  return { signInRequests };
}

beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const events = () => track.mock.calls.map(([name, params]) => (params ? [name, params] : [name]));

describe('sign-in UI', () => {
  it('offers Google and Apple as the server allows, and records open_auth_modal', async () => {
    setUp({
      providers: [
        { provider: 'google', web: true, native: true },
        { provider: 'apple', web: true, native: false },
      ],
      development: false,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to PlaySpot' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeTruthy();
    expect(screen.queryByLabelText('Choose a user name')).toBeNull();
    expect(events()).toEqual([['open_auth_modal', { source: 'header' }]]);
  });

  it('hides a provider without a web client', async () => {
    setUp({ providers: [{ provider: 'apple', web: false, native: true }], development: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signing in isn’t set up on this server yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
  });

  it('development sign-in: checks the name, signs in, records user_signup, shows name, level and points', async () => {
    const { signInRequests } = setUp({ providers: [], development: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const name = await screen.findByLabelText('Choose a user name');

    await userEvent.type(name, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with this name' }));
    expect(screen.getByText('A user name needs at least 3 characters.')).toBeTruthy();
    expect(signInRequests).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'sunny_parent');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with this name' }));
    const account = await screen.findByRole('button', { name: /sunny_parent, Level 2 · 150 points/u });
    expect(signInRequests).toEqual([{ userName: 'sunny_parent' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events()).toContainEqual(['user_signup', { method: 'development' }]);

    await userEvent.click(account);
    const progress = screen.getAllByRole('progressbar', { name: 'Progress to level 3' });
    expect(progress[0]?.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('150 points to level 3')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(events()).toContainEqual(['user_logout']);
  });

  it('a returning name records user_login', async () => {
    setUp({ providers: [], development: true, isNewUser: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Choose a user name'), 'sunny_parent');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with this name' }));
    await screen.findByRole('button', { name: /sunny_parent/u });
    expect(events()).toContainEqual(['user_login', { method: 'development' }]);
    expect(events()).not.toContainEqual(['user_signup', { method: 'development' }]);
  });
});
