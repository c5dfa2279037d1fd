import type { CurrentUser, MyContributions, PublicProfile } from '@playspot/core';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { installFakeApi, UNAUTHORIZED } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ProfileRoute } from './profile.tsx';
import { UserProfileRoute } from './user-profile.tsx';

const PLACE = '00000000-0000-4000-8000-000000000001';

const me: CurrentUser = {
  userName: 'Sunny_Parent',
  displayName: null,
  photoURL: null,
  role: 'basic',
  level: 3,
  points: 450,
  createdAt: '2026-01-05T00:00:00.000Z',
  email: 'sunny@example.com',
  leveledUp: false,
  updatedAt: '2026-01-05T00:00:00.000Z',
};

const contributions: MyContributions = {
  addedLocations: [{ id: PLACE, name: 'Sunny Hill Park', createdAt: '2026-03-01T10:00:00.000Z' }],
  comments: [],
  visits: [{ location: { id: PLACE, name: 'Sunny Hill Park' }, visitedAt: '2026-03-03T10:00:00.000Z' }],
  counts: { locations: 1, comments: 0, visits: 1 },
};

const routes = [
  { path: paths.profile, element: <ProfileRoute /> },
  { path: paths.user.pattern, element: <UserProfileRoute /> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/profile', () => {
  it('shows the signed-in person their level, points and contributions', async () => {
    installFakeApi({
      '/api/me': { status: 200, body: me },
      '/api/me/contributions': { status: 200, body: contributions },
    });
    renderRoutes(routes, paths.profile);
    expect(await screen.findByRole('heading', { name: 'Sunny_Parent', level: 1 })).toBeTruthy();
    expect(screen.getByText('Level 3')).toBeTruthy();
    expect(screen.getByText('450 points')).toBeTruthy();
    expect(screen.getByText('150 points to level 4')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Progress to level 4' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    const places = await screen.findByRole('region', { name: /Places added/ });
    expect(places.textContent).toContain('Sunny Hill Park');
    expect(screen.getByRole('region', { name: /Visits/ }).textContent).toContain('Sunny Hill Park');
    expect(screen.getByRole('button', { name: /Sign out/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    // The email stays off the page.
    expect(document.body.textContent).not.toContain('sunny@example.com');
  });

  it('signs out with a toast and stays on the page, showing its signed-out state', async () => {
    let signedIn = true;
    installFakeApi({
      '/api/me': () => (signedIn ? { status: 200, body: me } : UNAUTHORIZED),
      '/api/me/contributions': { status: 200, body: contributions },
      '/api/auth/sign-out': () => {
        signedIn = false;
        return { status: 200, body: null };
      },
    });
    const { router } = renderRoutes(
      [
        {
          path: paths.profile,
          element: (
            <>
              <ProfileRoute />
              <ToastContainer />
            </>
          ),
        },
      ],
      paths.profile,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Sign out/ }));
    expect(await screen.findByText('You are signed out. See you at the playground!')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.profile);
    expect(
      await screen.findByText('Sign in to see your points, your places and your comments.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks someone signed out to sign in', async () => {
    installFakeApi({ '/api/me': UNAUTHORIZED });
    renderRoutes(routes, paths.profile);
    expect(
      await screen.findByText('Sign in to see your points, your places and your comments.'),
    ).toBeTruthy();
  });
});

describe('/users/:userName', () => {
  it("shows someone's public page without visits", async () => {
    const profile: PublicProfile = {
      userName: 'Maya',
      displayName: null,
      photoURL: null,
      role: 'basic',
      level: 2,
      points: 200,
      createdAt: '2026-01-05T00:00:00.000Z',
      addedLocations: contributions.addedLocations,
      comments: [],
      counts: { locations: 1, comments: 0 },
    };
    installFakeApi({ '/api/users/Maya': { status: 200, body: profile } });
    renderRoutes(routes, paths.user.build('Maya'));
    expect(await screen.findByRole('heading', { name: 'Maya', level: 1 })).toBeTruthy();
    expect(screen.getByText('200 points')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Visits/ })).toBeNull();
  });

  it('shows the not-found page for an unknown user name', async () => {
    installFakeApi({
      '/api/users/nobody': { status: 404, body: { error: { code: 'not_found', message: 'User not found' } } },
    });
    renderRoutes(routes, paths.user.build('nobody'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page wandered off' })).toBeTruthy();
  });
});
